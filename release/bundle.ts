// The two bundled forms of the CLI, produced by one esbuild configuration so they cannot drift apart:
//   - `bundle`: the npm package (`dist/bin/occam.js`), ESM, dependencies left as imports (npm installs them);
//   - `binary`: the single executable's main script, CommonJS (Node 24 SEA mains must be CommonJS), everything
//     inlined: commander, zod, the MCP SDK, chalk, undici, gpt-tokenizer data, playwright-core's client.
// Both stamp OCCAM_BUILD_COMMIT and OCCAM_BUILD_KIND, which src/version.ts reads.
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { basename, dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commitFromGit } from '../src/version.ts';

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export type BundleKind = 'binary' | 'bundle';

export interface BundleResult {
  outfile: string;
  bytes: number;
  metafile: Metafile;
}

/** The commit stamped into a build; `unknown` outside a checkout (e.g. a source tarball). */
export function gitCommit(root = REPO_ROOT): string {
  return commitFromGit(root) ?? 'unknown';
}

// CommonJS has no import.meta; modules that locate files next to themselves get the executable's own URL.
const CJS_IMPORT_META_BANNER =
  'var __occamImportMetaUrl = require("node:url").pathToFileURL(__filename).href;\n' +
  'var __occamImportMetaFilename = __filename, __occamImportMetaDirname = __dirname;';

// ESM output still contains CommonJS dependencies that call require(); give them a real one. (The
// entry's own shebang line is kept by esbuild.)
const ESM_REQUIRE_BANNER =
  'import { createRequire as __occamCreateRequire } from "node:module";\n' +
  'const require = __occamCreateRequire(import.meta.url);';

/** Where the single executable's install tree keeps packages that cannot be inlined (relative to OCCAM_HOME). */
export const SIDE_MODULES_DIR = 'lib';

/**
 * Packages loaded from `<OCCAM_HOME>/lib/node_modules` at run time instead of being inlined. playwright-core
 * locates its own package.json and driver files on disk, so bundling breaks it; it ships beside the executable in
 * the release archive. The stand-in module resolves it lazily, so an executable without the tree still starts
 * and only browser reads fail.
 */
export const SIDE_MODULES = ['playwright-core'] as const;

const sideModulesPlugin: Plugin = {
  name: 'occam-side-modules',
  setup(b) {
    const filter = new RegExp(`^(${SIDE_MODULES.join('|')})(/.*)?$`);
    b.onResolve({ filter }, (args) => ({ path: args.path, namespace: 'occam-side-module' }));
    b.onLoad({ filter: /.*/, namespace: 'occam-side-module' }, (args) => ({
      loader: 'js',
      // The install root is OCCAM_HOME (set by the launcher) or the parent of the executable's bin/ directory
      // (operator.md §2); the first one holding the tree wins.
      contents:
        `const { createRequire } = require('node:module');\n` +
        `const { join, dirname } = require('node:path');\n` +
        `const { existsSync, realpathSync } = require('node:fs');\n` +
        `const roots = [process.env.OCCAM_HOME, dirname(dirname(realpathSync(process.execPath)))].filter(Boolean);\n` +
        `const root = roots.find((r) => existsSync(join(r, ${JSON.stringify(SIDE_MODULES_DIR)}, 'node_modules'))) || roots[roots.length - 1];\n` +
        `module.exports = createRequire(join(root, ${JSON.stringify(SIDE_MODULES_DIR)}, 'occam-side-modules.js'))(${JSON.stringify(args.path)});\n`,
    }));
  },
};

/**
 * The parse worker (src/read/extract-worker-main.ts) as one self-contained CommonJS script: both built forms
 * start it with `new Worker(source, { eval: true })`, because neither has the .ts file to point a Worker at (the
 * single executable has no file tree at all, and the npm bundle's chunk layout is esbuild's). Everything it
 * imports (htmlparser2, domhandler, the extractor) is inlined, so it resolves nothing at run time.
 */
export async function extractWorkerSource(): Promise<string> {
  const result = await build({
    entryPoints: [join(REPO_ROOT, 'src', 'read', 'extract-worker-main.ts')],
    bundle: true,
    platform: 'node',
    target: 'node22.18',
    format: 'cjs',
    mainFields: ['module', 'main'],
    minifySyntax: true,
    minifyWhitespace: true,
    write: false,
    logLevel: 'warning',
    absWorkingDir: REPO_ROOT,
  });
  return result.outputFiles[0].text;
}

export function bundleOptions(kind: BundleKind, outfile: string, commit: string, workerSource = ''): BuildOptions {
  const common: BuildOptions = {
    bundle: true,
    platform: 'node',
    target: 'node22.18',
    metafile: true,
    logLevel: 'warning',
    legalComments: 'eof',
    absWorkingDir: REPO_ROOT,
    define: {
      OCCAM_BUILD_COMMIT: JSON.stringify(commit),
      OCCAM_BUILD_KIND: JSON.stringify(kind),
      ...(workerSource ? { OCCAM_EXTRACT_WORKER_SOURCE: JSON.stringify(workerSource) } : {}),
    },
  };
  if (kind === 'bundle') {
    return {
      ...common,
      entryPoints: { [basename(outfile, extname(outfile))]: join(REPO_ROOT, 'bin', 'occam.ts') },
      format: 'esm',
      packages: 'external',
      // Code splitting keeps bin/main.ts's dynamic imports lazy: without it every dependency any verb imports
      // (hoisted to the top of one file) would load on each `occam mcp` start.
      splitting: true,
      outdir: dirname(outfile),
      chunkNames: 'chunks/[name]-[hash]',
      banner: { js: ESM_REQUIRE_BANNER },
    };
  }
  return {
    ...common,
    entryPoints: [join(REPO_ROOT, 'release', 'entry.ts')],
    outfile,
    format: 'cjs',
    target: 'node24',
    // Prefer ESM builds: some packages' `main` is a UMD wrapper whose require() calls a bundler cannot follow
    // (jsonc-parser).
    mainFields: ['module', 'main'],
    minifySyntax: true,
    minifyWhitespace: true,
    banner: { js: CJS_IMPORT_META_BANNER },
    define: {
      ...common.define,
      'import.meta.url': '__occamImportMetaUrl',
      'import.meta.filename': '__occamImportMetaFilename',
      'import.meta.dirname': '__occamImportMetaDirname',
    },
    // Optional peers that are never used at run time (playwright-core's electron/android paths and
    // ws's native accelerators).
    external: ['electron', 'chromium-bidi', 'bufferutil', 'utf-8-validate'],
    plugins: [sideModulesPlugin],
  };
}

export async function bundleCli(kind: BundleKind, outfile: string, commit = gitCommit()): Promise<BundleResult> {
  const result = await build(bundleOptions(kind, outfile, commit, await extractWorkerSource()));
  const metafile = result.metafile as Metafile;
  const bytes = Object.values(metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
  return { outfile, bytes, metafile };
}
