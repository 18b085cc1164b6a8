// Entry point of a parse worker (src/read/extract-worker.ts): one page in, its extract out, then the thread ends
// and its whole heap — the page-sized parse tree and the extraction's garbage — goes with it (issue 14).
// The page arrives as the body's bytes, moved here rather than copied, and is decoded here; the extract leaves as one
// serialised buffer, moved to the main thread, which decodes it only once this thread has ended, so the extract's
// objects are never built there beside this whole heap.
// In the built forms this file is bundled on its own and evaluated from a string (release/bundle.ts).
import v8 from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { extractDocument, type ExtractInput, type ExtractOptions } from '../extract/index.ts';
import { decodeAs } from '../fetch/content.ts';
import { slimExtract, type ReadExtract } from './read-extract.ts';

/** A fetched body as bytes and the charset its text was decoded with (decodeBody), and that text's length. */
export interface EncodedBody {
  bytes: Uint8Array;
  charset: string;
  chars: number;
}

export interface ExtractJob {
  /** `html` is empty when `body` carries the page. */
  input: ExtractInput;
  options: ExtractOptions;
  body?: EncodedBody;
}

/** What the worker's one message decodes to (v8.deserialize). */
export type ExtractReply = { ok: true; result: ReadExtract } | { ok: false; message: string };

function extract(job: ExtractJob): ExtractReply {
  if (job.body) {
    const { bytes, charset, chars } = job.body;
    job.body = undefined;
    job.input.html = decodeAs(bytes, charset);
    // The same bytes through the same decoder give the main thread's text; anything else is a bug, said as such.
    if (job.input.html.length !== chars) return { ok: false, message: `The parse worker decoded ${job.input.html.length} characters from the body, not ${chars}.` };
  }
  return { ok: true, result: slimExtract(extractDocument(job.input, job.options)) };
}

parentPort?.once('message', (job: ExtractJob) => {
  let reply: ExtractReply;
  try {
    reply = extract(job);
  } catch (err) {
    reply = { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  // The page is the largest thing left: drop it before the reply is serialised beside it.
  job.input.html = '';
  const payload = v8.serialize(reply);
  parentPort!.postMessage(payload, [payload.buffer]);
});
