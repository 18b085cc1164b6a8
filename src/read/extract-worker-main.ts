// Entry point of a parse worker (src/read/extract-worker.ts): one page in, its extract out, then the thread ends
// and its whole heap — the page-sized parse tree and the extraction's garbage — goes with it (issue 14).
// In the built forms this file is bundled on its own and evaluated from a string (release/bundle.ts).
import { parentPort } from 'node:worker_threads';
import { extractDocument, type ExtractInput, type ExtractOptions } from '../extract/index.ts';
import { slimExtract, type ReadExtract } from './read-extract.ts';

export interface ExtractJob {
  input: ExtractInput;
  options: ExtractOptions;
}

export type ExtractReply = { ok: true; result: ReadExtract } | { ok: false; message: string };

parentPort?.once('message', (job: ExtractJob) => {
  let reply: ExtractReply;
  try {
    reply = { ok: true, result: slimExtract(extractDocument(job.input, job.options)) };
  } catch (err) {
    reply = { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  // The page is the largest thing left: drop it before the reply is serialised beside it.
  job.input.html = '';
  parentPort!.postMessage(reply);
});
