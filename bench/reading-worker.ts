// Worker thread of the reading benchmark: extracts pages with the extractors it is asked for and scores them.
// All extractors of one page run back to back in the same thread, so machine noise hits them alike.
//   occam       — src/extract (in-process, on the decoded HTML; ok:false counts as empty output)
//   readability — jsdom + @mozilla/readability + turndown (the stack most TypeScript fetch servers use)
//   defuddle    — jsdom + defuddle/node with Markdown output (async extractors and their fetches off)
import { parentPort } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { extractDocument, markdownToPlainText } from '../src/extract/index.ts';
import { readPageHtml, snippetCounts, wordScores, type PageRecord, type PageRef } from './reading-score.ts';

export type ExtractorName = 'occam' | 'readability' | 'defuddle';

type Extract = (html: string, url: string) => Promise<string> | string;

const versionOf = (pkg: string): string =>
  (JSON.parse(readFileSync(new URL(`../node_modules/${pkg}/package.json`, import.meta.url), 'utf8')) as { version: string }).version;

/** Cache keys for baseline outputs: a baseline's scores change only when its packages do. */
export function baselineVersion(name: ExtractorName): string {
  if (name === 'readability') return `readability@${versionOf('@mozilla/readability')}+jsdom@${versionOf('jsdom')}+turndown@${versionOf('turndown')}`;
  if (name === 'defuddle') return `defuddle@${versionOf('defuddle')}+jsdom@${versionOf('jsdom')}`;
  return 'occam@worktree';
}

/** The three extractors, baselines loaded on demand (bench/reading-corpus.ts uses them in the main thread). */
export async function makeExtractors(): Promise<Record<ExtractorName, Extract>> {
  const { JSDOM, VirtualConsole } = await import('jsdom');
  const { Readability } = await import('@mozilla/readability');
  const TurndownService = (await import('turndown')).default;
  const { Defuddle } = await import('defuddle/node');
  const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced' });
  const virtualConsole = new VirtualConsole();
  /** A page the baseline cannot parse or throws on counts as empty output, as Occam's ok:false does. */
  const withDom = async (html: string, url: string, run: (doc: Document) => string | Promise<string>): Promise<string> => {
    let dom: InstanceType<typeof JSDOM>;
    try {
      dom = new JSDOM(html, { url, virtualConsole });
    } catch {
      return '';
    }
    try {
      return await run(dom.window.document as unknown as Document);
    } catch {
      return '';
    } finally {
      dom.window.close();
    }
  };
  const noFetch = (async () => {
    throw new Error('network disabled in the benchmark');
  }) as unknown as typeof fetch;
  return {
    occam(html, url) {
      const r = extractDocument({ html, url });
      return r.state.ok ? r.markdown : '';
    },
    readability: (html, url) =>
      withDom(html, url, (doc) => {
        const article = new Readability(doc).parse();
        if (!article?.content) return '';
        const body = turndown.turndown(article.content);
        return article.title ? `# ${article.title}\n\n${body}` : body;
      }),
    defuddle: (html, url) =>
      withDom(html, url, async (doc) => {
        const r = await Defuddle(doc, url, { markdown: true, useAsync: false, fetch: noFetch });
        const body = r.contentMarkdown ?? r.content ?? '';
        return body.trim() ? (r.title ? `# ${r.title}\n\n${body}` : body) : '';
      }),
  };
}

/**
 * The whole tool response Occam returns for a page, per detail level, without a network: the read pipeline runs on
 * the page's HTML as an in-memory document (TranscodeDeps.source); `full` is read once and the other levels are
 * assembled from it (src/read/detail.ts), as the tool does without a budget. Tokens are of the compact JSON text a
 * client receives (content[0].text).
 */
async function makeResponseMeter(): Promise<(html: string, url: string) => Promise<PageRecord['response']>> {
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { processContext } = await import('../src/runtime/context.ts');
  const { Services } = await import('../src/runtime/services.ts');
  const { transcode } = await import('../src/read/transcode.ts');
  const { assembleRead } = await import('../src/read/stages/assemble.ts');
  const home = mkdtempSync(join(tmpdir(), 'occam-bench-home-'));
  const env: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('OCCAM_')) env[k] = v;
  const runtime = processContext({ env: { ...env, HOME: home }, homeDir: home });
  const services = new Services(runtime);
  return async (html, url) => {
    const bytes = Buffer.from(html, 'utf8');
    const source = async (requested: string) => ({
      requestedUrl: requested, finalUrl: url, redirectChain: [{ url, status: 200 }], metaRefreshHops: 0, statusCode: 200,
      headers: { 'content-type': 'text/html; charset=utf-8' }, contentType: 'text/html', kind: 'html' as const, charset: 'utf-8',
      charsetSource: 'header' as const, text: html, bytes, truncated: false, truncation: null, session: null, privacyMode: 'local_public' as const,
      timings: { totalMs: 0, dnsMs: 0, ttfbMs: 0, politenessMs: 0, bodyMs: 0 },
    });
    const full = await transcode({ url, backend_policy: 'http', playbook_policy: 'off', detail: 'full' }, { runtime, services, resolveMaxTokens: () => null, browser: null, source: source as never });
    if (!full.ok) return undefined;
    const size = (level: 'lean' | 'standard' | 'full') => encode(JSON.stringify(assembleRead(full, level))).length;
    return { markdown: encode(String(full.markdown)).length, lean: size('lean'), standard: size('standard'), full: size('full') };
  };
}

export interface Task {
  page: PageRef;
  extractors: ExtractorName[];
}

export interface TaskResult {
  set: string;
  id: string;
  records: Partial<Record<ExtractorName, PageRecord>>;
  /** Occam's Markdown, when asked for (--dump). */
  markdown?: string;
}

export function scorePage(page: PageRef, md: string, ms: number): PageRecord {
  const plain = markdownToPlainText(md);
  const rec: PageRecord = {
    id: page.id,
    ms,
    tokens: md ? encode(md).length : 0,
    empty: plain.trim() === '',
    ...snippetCounts(plain, page.with, page.without, page.set === 'trafilatura-eval'),
  };
  if (page.reference !== undefined) Object.assign(rec, wordScores(plain, page.reference));
  return rec;
}

if (parentPort) {
  const port = parentPort;
  // Baselines log parse errors of broken page JSON-LD to the console; the benchmark's output is its table.
  console.error = console.warn = console.log = console.info = console.debug = () => {};
  const extractors = await makeExtractors();
  const meter = await makeResponseMeter();
  let warm = false;
  port.on('message', async (msg: { task?: Task; dump?: boolean; exit?: boolean }) => {
    if (msg.exit) {
      process.exit(0);
    }
    const { page, extractors: names } = msg.task!;
    const html = readPageHtml(page.file);
    if (!warm) {
      // JIT warm-up so compilation does not land on the first measured page.
      for (const n of names) for (let i = 0; i < 2; i++) await extractors[n](html, page.url);
      warm = true;
    }
    const out: TaskResult = { set: page.set, id: page.id, records: {} };
    for (const n of names) {
      const t = performance.now();
      const md = await extractors[n](html, page.url);
      const ms = performance.now() - t;
      out.records[n] = scorePage(page, md, ms);
      if (n === 'occam' && msg.dump) out.markdown = md;
      if (n === 'occam') {
        const response = await meter(html, page.url).catch(() => undefined);
        if (response) out.records[n].response = response;
      }
    }
    port.postMessage(out);
  });
  port.postMessage({ ready: true });
}
