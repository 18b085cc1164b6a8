// The oldest Node.js that runs Occam (type stripping on by default, Set methods, …), checked by the `occam`
// executable before anything else loads: on an older Node the bundle would die deep inside a dependency with a
// stack trace instead of saying what it needs. Plain syntax and no imports, so any Node can evaluate it.

/** package.json `engines.node` says the same (test/unit/runtime/node-version.test.ts keeps them equal). */
export const MIN_NODE = { major: 22, minor: 18 } as const;

export const MIN_NODE_TEXT = `${MIN_NODE.major}.${MIN_NODE.minor}`;

/** Whether `version` (`v22.18.0` or `22.18.0`) is at least MIN_NODE. */
export function nodeIsSupported(version: string): boolean {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  return major > MIN_NODE.major || (major === MIN_NODE.major && minor >= MIN_NODE.minor);
}

/** The one line an unsupported Node gets: what is needed and how to get it. */
export function unsupportedNodeLine(version: string): string {
  return (
    `occam: needs Node.js >= ${MIN_NODE_TEXT} (this is ${version}); install Node 24 LTS from https://nodejs.org/ ` +
    '(or `nvm install 24`), or use the single executable, which brings its own (INSTALL.md)'
  );
}
