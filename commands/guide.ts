// What commander does not hold about each verb: its help group and its examples, plus the sub-verbs and flags of
// the verb that parses its own arguments (exam). `occam --help`, every verb's help,
// `occam help --json` and the shell completions are all generated from this table and the commander registry,
// so a verb added without a row here fails a test (test/unit/cli/guide.test.ts).

export const HELP_GROUPS = [
  { id: 'read', title: 'Read the web' },
  { id: 'serve', title: 'Serve AI apps (MCP)' },
  { id: 'setup', title: 'Set up' },
  { id: 'trust', title: 'Trust and verification' },
  { id: 'exam', title: 'Capability exam' },
] as const;

export type HelpGroup = (typeof HELP_GROUPS)[number]['id'];

export interface VerbGuide {
  group: HelpGroup;
  /** 2–3 `[command line, what it does]` pairs, each a real invocation. */
  examples: ReadonlyArray<readonly [string, string]>;
  /** Sub-verbs of a verb that parses its own arguments (commander sub-commands are read from the registry). */
  subverbs?: readonly string[];
  /** Flags of a verb that parses its own arguments. */
  flags?: readonly string[];
  /** Examples of each commander sub-command (`session import`), ending that sub-command's help. */
  subExamples?: Readonly<Record<string, ReadonlyArray<readonly [string, string]>>>;
}

export const VERB_GUIDE: Readonly<Record<string, VerbGuide>> = {
  read: {
    group: 'read',
    examples: [
      ['occam read https://example.com/article', 'the page as compact Markdown on stdout'],
      ['occam read https://example.com/docs --focus "rate limits" --max-tokens 2000', 'the sections about one question, within a budget'],
      ['occam read --demo --json', 'the bundled article, full response as JSON (no network)'],
    ],
  },
  digest: {
    group: 'read',
    examples: [
      ['occam digest https://a.example/1 https://b.example/2 --focus "pricing"', 'several pages for one question, one document'],
      ['occam digest --source https://example.com --max-links 5', 'discover up to 5 content links of a site and read them'],
    ],
  },
  map: {
    group: 'read',
    examples: [
      ['occam map https://example.com', "one url<TAB>title line per content link of the homepage"],
      ['occam map https://example.com --source sitemap --focus "api" --json', "the sitemap's links, ranked for a query, as JSON"],
    ],
  },
  batch: {
    group: 'read',
    examples: [
      ['occam batch submit urls.txt --wait', 'queue one URL a line and work the queue here until done (exit 1 if any failed)'],
      ['occam batch results 3f2a9c… --out export/', 'one Markdown file per item plus manifest.json'],
      ['occam batch status 3f2a9c… --server http://127.0.0.1:5051', 'progress of a job on a running batch server'],
    ],
    subExamples: {
      submit: [
        ['occam batch submit urls.txt', 'queue one URL a line (blank lines and # comments skipped); prints the job id'],
        ['cat urls.txt | occam batch submit - --wait --json', 'from stdin, wait, then one JSON document'],
        ['occam batch submit https://a.example/ https://b.example/ --server http://127.0.0.1:5051', 'queue on a batch server'],
      ],
      status: [
        ['occam batch status 3f2a9c…', 'state and done / failed / running / pending counts'],
        ['occam batch status 3f2a9c… --json', 'the same as JSON'],
      ],
      wait: [
        ['occam batch wait 3f2a9c…', 'live progress bar on a terminal (rate, ETA); exit 0 all done, 1 some failed'],
        ['occam batch wait 3f2a9c… --timeout 600 --json', 'give up after 10 minutes; the final status as JSON'],
      ],
      results: [
        ['occam batch results 3f2a9c… --out export/', 'one Markdown file per item plus manifest.json'],
        ['occam batch results 3f2a9c… --json', 'every item as one JSON document'],
      ],
    },
  },
  session: {
    group: 'read',
    examples: [
      ['occam session init', 'create the sessions directory with its README'],
      ['occam session import --from cookies.txt --host example.com', 'import one site\'s cookies from a cookies.txt file'],
      ['occam session list --json', 'the profiles and their hosts'],
    ],
    subExamples: {
      init: [
        ['occam session init', 'create ~/.occam/sessions with its README, .gitignore, states/ and _imports/'],
        ['OCCAM_SESSIONS_ROOT=./sessions occam session init --json', 'the same in another directory, as JSON'],
      ],
      list: [
        ['occam session list', 'profile ids with their header names (never values)'],
        ['occam session list --json', 'the same as JSON'],
      ],
      import: [
        ['occam session import --from cookies.txt --host example.com', "one site's cookies from a browser's cookies.txt export"],
        ['occam session import --from cookies.txt --host example.com --id work --force', 'replace the profile named work'],
      ],
      'export-state': [
        ['occam session export-state --url https://example.com/login', 'log in in a real browser window, then save its state'],
        ['occam session export-state --url https://example.com/login --id work --no-write-profile', 'save only the storage state'],
      ],
    },
  },
  playbook: {
    group: 'read',
    examples: [
      ['occam playbook lint my-site.json', 'check a playbook file against the schema'],
      ['occam playbook resolve https://docs.example.com/page --json', 'which playbook applies to a URL, and from which tier'],
    ],
    subExamples: {
      lint: [
        ['occam playbook lint my-site.json', 'errors and warnings against the playbook schema'],
        ['cat my-site.json | occam playbook lint - --json', 'lint from stdin, report as JSON'],
      ],
      resolve: [
        ['occam playbook resolve https://docs.example.com/page', 'the tier, selectors and page class that apply'],
        ['occam playbook resolve docs.example.com --lessons --json', 'by bare host, with the local lessons'],
      ],
      save: [
        ['occam playbook save https://docs.example.com/ my-site.json', 'dry-run read with it, then save it signed to the local tier'],
        ['occam playbook save https://docs.example.com/ my-site.json --verify-url https://docs.example.com/guide', 'dry-run on another page'],
      ],
    },
  },
  mcp: {
    group: 'serve',
    examples: [
      ['occam mcp', 'the stdio MCP server (what AI apps launch)'],
      ['OCCAM_PROFILE=full occam mcp', 'the same with every tool exposed'],
      ['occam mcp --mcp-http --port 8765', 'serve Streamable HTTP on 127.0.0.1:8765'],
    ],
  },
  smoke: {
    group: 'serve',
    examples: [
      ['occam smoke --offline', 'start occam mcp, handshake, count the tools'],
      ['occam smoke --url https://example.com --json', 'also read one live page through the server'],
    ],
  },
  refresh: {
    group: 'serve',
    examples: [
      ['occam refresh --dry-run', "list this install's running MCP servers without stopping them"],
      ['occam refresh --smoke', 'stop them, re-run doctor, then smoke'],
    ],
  },
  install: {
    group: 'setup',
    examples: [
      ['curl -fsSL https://github.com/ff-occam/ff-occam/releases/latest/download/get-ff-occam.sh | bash', 'the canonical install (verifies, then runs occam install)'],
      ['occam install --archive ff-occam-<ver>-linux-x64.tar.gz --manifest ff-occam-<ver>-linux-x64-manifest.json', 'air-gapped install from downloaded assets'],
      ['occam install --from-dir ./ff-occam-<ver>-linux-x64 --no-connect', 'install a staged tree without touching AI apps'],
    ],
  },
  connect: {
    group: 'setup',
    examples: [
      ['occam connect', 'detect AI apps and register Occam in them (asks first)'],
      ['occam connect --only cursor --yes', 'register in Cursor without a prompt'],
      ['occam connect --dry-run --json', 'what would change, changing nothing'],
    ],
  },
  disconnect: {
    group: 'setup',
    examples: [
      ['occam disconnect', "remove Occam's own entries from every app"],
      ['occam disconnect --only claude-code --dry-run', 'what would be removed from one app'],
    ],
  },
  doctor: {
    group: 'setup',
    examples: [
      ['occam doctor', 'every check, with a fix line for each problem'],
      ['occam doctor --fix', 'also repair what can be repaired safely'],
      ['occam doctor --json --skip-browser', 'machine-readable, without the browser check'],
    ],
  },
  snippet: {
    group: 'setup',
    examples: [
      ['occam snippet', 'the generic mcpServers entry to paste into any MCP host'],
      ['occam snippet hermes', "the same in Hermes' YAML form"],
    ],
  },
  onboard: {
    group: 'setup',
    examples: [
      ['occam onboard', 'choose operator defaults interactively'],
      ['occam onboard --non-interactive --profile mass-scrape', 'write the mass-scrape defaults to onboard.json'],
    ],
  },
  'install-browser': {
    group: 'setup',
    examples: [
      ['occam install-browser', 'whether a usable Chromium/Chrome/Edge is present, and how to install one'],
      ['OCCAM_BROWSER_EXECUTABLE_PATH=/usr/bin/chromium occam install-browser', 'check a browser at a given path'],
    ],
  },
  status: {
    group: 'setup',
    examples: [
      ['occam status', 'version, install root, settings and the last connect result'],
      ['occam status --json', 'the same as JSON'],
    ],
  },
  update: {
    group: 'setup',
    examples: [
      ['occam update', 'whether a newer release exists (changes nothing)'],
      ['OCCAM_LATEST_VERSION=1.2.0 occam update --json', 'compare with a given version offline'],
    ],
  },
  uninstall: {
    group: 'setup',
    examples: [
      ['occam uninstall --dry-run', 'what would be removed'],
      ['occam uninstall', "Occam's host entries, launcher and install tree (keeps ~/.occam)"],
      ['occam uninstall --remove-state', 'also keys, sessions and settings'],
    ],
  },
  completion: {
    group: 'setup',
    examples: [
      ['occam completion bash > ~/.local/share/bash-completion/completions/occam', 'install bash completion for your user'],
      ['occam completion zsh > "${fpath[1]}/_occam"', 'install zsh completion into a directory on $fpath'],
      ['occam completion fish > ~/.config/fish/completions/occam.fish', 'install fish completion'],
    ],
  },
  'version-surface': {
    group: 'setup',
    examples: [
      ['occam version-surface', 'host version, assembly path and package version as JSON'],
      ['occam --version', 'just the version string'],
    ],
  },
  help: {
    group: 'setup',
    examples: [
      ['occam help connect', 'one verb: usage, tier, related variables and verbs'],
      ['occam help next-steps', 'what to do first after installing'],
      ['occam help --json', 'the whole command catalog as JSON'],
    ],
  },
  keys: {
    group: 'trust',
    examples: [
      ['occam keys export > occam-key.pem', 'the receipt-signing public key, to pin for verification'],
      ['occam keys export --json', 'the key with its id as JSON'],
    ],
    subExamples: {
      export: [
        ['occam keys export --format jwk', 'the public key as a JSON Web Key'],
        ['occam keys export --no-create --json', 'the key if one exists; exit 1 instead of minting one'],
      ],
    },
  },
  verify: {
    group: 'trust',
    examples: [
      ['occam verify receipt.json --pubkey occam-key.pem', 'verify a receipt offline against a pinned key'],
      ['occam verify --mode citation --receipt r.json --block-text "…" --proof proof.json --pubkey occam-key.pem', 'verify one cited block'],
      ['occam verify --release ./release-dir --pubkey occam-release-key.pem', 'verify a downloaded release'],
    ],
    flags: ['--pubkey', '--id', '--mode', '--receipt', '--markdown', '--block-text', '--block-selector', '--proof', '--input', '--release', '--json', '--help'],
  },
  receipts: {
    group: 'trust',
    examples: [
      ['occam receipts show 5311e53bf5499b9d', 'the signed receipt a lean read referenced, from the local receipt log'],
      ['occam receipts show 5311e53bf5499b9d --json', 'the same as one JSON document'],
    ],
    subExamples: {
      show: [
        ['occam receipts show 5311e53bf5499b9d', 'the signed receipt a lean read referenced, from the local receipt log'],
        ['occam receipts show 5311e53bf5499b9d --json', 'the same as one JSON document'],
      ],
    },
  },
  canary: {
    group: 'trust',
    examples: [
      ['occam canary selftest --json', 'protocol self-checks, no network'],
      ['occam canary smoke', 'start a probe host, read a probe, check truthful and invented claims'],
      ['occam canary serve --port 8971', 'run a probe host on loopback until stopped'],
    ],
    subExamples: {
      selftest: [
        ['occam canary selftest', 'the protocol assertions; marker line on stdout'],
        ['occam canary selftest --json', 'the same as one JSON document'],
      ],
      vectors: [
        ['occam canary vectors --emit --out vectors.json', 'write the published vector file'],
        ['occam canary vectors --verify vectors.json', 're-derive every vector of a vector file'],
      ],
      smoke: [
        ['occam canary smoke', 'probe host, probe read, truthful and invented claims'],
        ['occam canary smoke --port 0 --json', 'the same on any free port, as JSON'],
      ],
      serve: [
        ['occam canary serve', 'a probe host on 127.0.0.1:8971 until Ctrl-C'],
        ['occam canary serve --port 9000 --json', 'on another port; one JSON document once listening'],
      ],
    },
  },
  exam: {
    group: 'exam',
    examples: [
      ['occam exam tasks', 'the task catalogue as JSON'],
      ['occam exam grade --submission record.json --out report.json', 'grade one behaviour record'],
      ['occam exam selftest', 'the grading engine\'s own assertions'],
    ],
    subExamples: {
      grade: [
        ['occam exam grade --submission record.json', 'the grade envelope of one record or transcript'],
        ['occam exam grade runs/a.jsonl runs/b.jsonl --json', 'one envelope per session, every session of a file on its own'],
        ['occam exam grade --apply --yes session.jsonl', 'store its grade for that client and model (the subject is printed)'],
      ],
      record: [
        ['occam exam record session.jsonl --out record.json', 'the behaviour record derived from a transcript'],
        ['occam exam record shared.jsonl --session 4f1c', 'one session of a file that holds several'],
      ],
      report: [
        ['occam exam report ~/.occam/transcripts', 'the H3 study over recorded sessions'],
        ['occam exam report runs/ --markdown h3.md --json', 'the same as JSON, plus a Markdown report with its plot'],
      ],
      simulate: [
        ['occam exam simulate', 'the H3 study on synthetic agents of known competence'],
        ['occam exam simulate --out sim/ --json', 'keep its transcripts and report in sim/'],
      ],
      cache: [
        ['occam exam cache list', 'the stored grades (client name/version + model)'],
        ['occam exam cache clear', 'forget every stored grade'],
      ],
      tasks: [
        ['occam exam tasks', 'the task catalogue as JSON'],
        ['occam exam tasks --out tasks.json', 'written to a file'],
      ],
      selftest: [
        ['occam exam selftest', 'the grading engine\'s assertions'],
        ['occam exam selftest --json', 'the same as one JSON document'],
      ],
      'harness-selftest': [
        ['occam exam harness-selftest', 'the harness-format assertions'],
        ['occam exam harness-selftest --json', 'the same as one JSON document'],
      ],
    },
  },
};

/** The program-level examples under `occam --help`. */
export const PROGRAM_EXAMPLES: ReadonlyArray<readonly [string, string]> = [
  ['occam read https://example.com/article', 'read a page into compact Markdown'],
  ['occam connect', 'register Occam in the AI apps on this machine'],
  ['occam doctor', 'check the install'],
];

export function guideFor(verb: string): VerbGuide | undefined {
  return Object.hasOwn(VERB_GUIDE, verb) ? VERB_GUIDE[verb] : undefined;
}

/** The `Examples:` block that ends a help text. */
export function examplesText(examples: ReadonlyArray<readonly [string, string]>): string {
  if (examples.length === 0) return '';
  const lines = examples.map(([cmd, what]) => `  $ ${cmd}\n      ${what}`);
  return `\nExamples:\n${lines.join('\n')}\n`;
}

export function groupTitle(group: HelpGroup): string {
  return HELP_GROUPS.find((g) => g.id === group)!.title;
}
