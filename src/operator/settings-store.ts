// Writing Occam's own settings (`onboard.json`, operator.md §2/§5/§17) through `conf`: the document is validated
// against a JSON schema before it reaches the disk, written atomically (temp file + rename), mode 0600, at the path
// occamPaths() resolves per OS (`<home>/.occam/onboard.json` or OCCAM_CONFIG — never conf's own default
// directories, as §2 fixes). The file format stays the spec's: `{"schema_version":"1.0","profile"?,"env":{…}}`,
// 2-space JSON with a final newline. Reading stays tolerant (onboard.ts readOnboard: problems become warning tokens,
// never exceptions), since a hand-edited file must not stop `occam mcp` from starting; conf is used for writes.
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { PRIVATE_FILE_MODE, writeExclusiveTemp } from '../runtime/files.ts';
import { basename, dirname, extname } from 'node:path';
import { ONBOARD_SCHEMA } from './onboard.ts';

/** A backup copy waiting for the new document keeps a recognisable name if the process dies meanwhile. */
const BACKUP_TEMP_SUFFIX = '.occam-bak.tmp';

export interface OnboardDocument {
  schema_version: string;
  profile?: string;
  env: Record<string, string>;
}

/** The JSON schema of onboard.json as Occam writes it (readers also accept any 1.x and extra keys). */
export const ONBOARD_JSON_SCHEMA = {
  schema_version: { type: 'string', pattern: '^1\\.\\d+$' },
  profile: { type: 'string', minLength: 1 },
  env: {
    type: 'object',
    propertyNames: { pattern: '^[A-Z][A-Z0-9_]*$' },
    additionalProperties: { type: 'string' },
  },
} as const;

export class SettingsWriteError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SettingsWriteError';
  }
}

/**
 * Replaces onboard.json with `doc`. An existing file with other content is kept as `<file>.occam-bak`, so nothing
 * the user wrote is lost; a document the schema refuses is never written.
 */
export async function writeOnboard(path: string, doc: OnboardDocument): Promise<{ path: string; backup: string | null }> {
  const { default: Conf } = await import('conf');
  const ext = extname(path);
  const text = `${JSON.stringify(doc, null, 2)}\n`;
  // The previous content is copied aside before the write and becomes `<file>.occam-bak` only once the new
  // document is on disk: a refused document leaves both the file and an older backup as they were.
  let pending: string | null = null;
  if (existsSync(path) && readFileSync(path, 'utf8') !== text) {
    // An exclusive new file (runtime/files.ts), renamed over the backup name: nothing planted there is followed.
    pending = writeExclusiveTemp(dirname(path), readFileSync(path), PRIVATE_FILE_MODE, BACKUP_TEMP_SUFFIX);
  }
  try {
    const store = new Conf<OnboardDocument>({
      cwd: dirname(path),
      configName: basename(path, ext),
      fileExtension: ext.replace(/^\./, ''),
      schema: ONBOARD_JSON_SCHEMA as never,
      rootSchema: { required: ['schema_version', 'env'] },
      // An unreadable or foreign file is replaced (its copy is kept as the backup), never merged into.
      clearInvalidConfig: true,
      accessPropertiesByDotNotation: false,
      configFileMode: 0o600,
      serialize: (value) => `${JSON.stringify(value, null, 2)}\n`,
      // Exactly this document: no other defaults, no migration bookkeeping in the file.
      defaults: { ...doc },
    });
    store.store = doc;
    let backup: string | null = null;
    if (pending) {
      backup = `${path}.occam-bak`;
      renameSync(pending, backup);
    }
    return { path: store.path, backup };
  } catch (err) {
    if (pending) rmSync(pending, { force: true });
    throw new SettingsWriteError(`cannot write ${path}: ${(err as Error).message}`);
  }
}

/** The defaults document `occam install` writes when no onboard.json exists yet (§16.3 step 6). */
export function defaultOnboardDocument(): OnboardDocument {
  return { schema_version: ONBOARD_SCHEMA, env: {} };
}
