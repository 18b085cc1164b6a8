// Fixture site F of playbooks.md §16 on 127.0.0.1, plus a temp playbook world (OCCAM_HOME with seeds/community,
// a local tier) and the env for an MCP child that may read it.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { html, startFixtureServer, type FixtureServer } from '../helpers/http-fixture.ts';

const para = (n: number, word: string) =>
  Array.from({ length: n }, (_, i) => `<p>${word} paragraph ${i + 1} explains how the widget calibrates its sensors, why drift happens over time and which steps keep readings stable across seasons.</p>`).join('\n');

export const ARTICLE = `<!doctype html><html><head><title>Calibration guide</title></head><body>
<nav><a href="/">Home</a> <a href="/docs">Docs</a></nav>
<main id="content"><h1>Calibration guide</h1>
<h2>Before you start</h2>${para(4, 'Preparation')}
<h2>Calibrating</h2>${para(4, 'Calibration')}
<h2>After calibration</h2>${para(4, 'Verification')}
<section id="short"><p>${'A short aside about storage temperatures and how long a sensor may rest on the shelf before its first use. '.repeat(3)}</p></section>
</main>
<footer>Read our privacy policy. Subscribe to updates.</footer></body></html>`;

/** A site whose layout changes between two versions (the heal → save scenario). */
export const LAYOUT_V1 = `<!doctype html><html><head><title>Release notes</title></head><body>
<div class="top"><a href="/">Home</a></div>
<div class="post-body"><h1>Release notes</h1><h2>Version one</h2>${para(5, 'Legacy layout')}<h2>Fixes</h2>${para(5, 'Legacy fix')}<h2>Known issues</h2>${para(3, 'Legacy issue')}</div>
</body></html>`;
export const LAYOUT_V2 = `<!doctype html><html><head><title>Release notes</title></head><body>
<header><nav><a href="/">Home</a> <a href="/blog">Blog</a></nav></header>
<main data-testid="story"><h1>Release notes</h1><h2>Version two</h2>${para(5, 'Redesigned layout')}<h2>Fixes</h2>${para(5, 'Redesigned fix')}<h2>Known issues</h2>${para(3, 'Redesigned issue')}</main>
<aside><p>Other stories you might like.</p></aside></body></html>`;

export interface PlaybookFixture {
  server: FixtureServer;
  F: (path: string) => string;
  setChanging: (body: string, status?: number) => void;
  setGenome: (body: string, contentType?: string, status?: number) => void;
  setLayout: (version: 1 | 2) => void;
  close: () => Promise<void>;
}

export async function startPlaybookFixture(): Promise<PlaybookFixture> {
  let changing = '<p>initial</p>';
  let changingStatus = 200;
  let genome = { body: '', type: 'application/json', status: 404 };
  let layout: 1 | 2 = 1;
  const server = await startFixtureServer({
    '/article': html(ARTICLE),
    '/thin': html('<!doctype html><html><head><title>App</title></head><body><div id="app"></div>Loading the application, please wait.</body></html>'),
    '/product/123': html(`<!doctype html><html><head><title>Widget Pro</title></head><body><main>
      <h1 class="t">Widget Pro</h1><span class="price">12,50</span><a class="doc" href="/manual.pdf">Manual</a>
      <ul><li>red</li><li> </li><li>small</li></ul><p>${'The Widget Pro is a compact sensor for home labs. '.repeat(8)}</p></main></body></html>`),
    '/docs/concepts/pods': html('<!doctype html><html><head><title>Pods</title></head><body><main><h1>Pods</h1><p>Pods are the smallest deployable units.</p></main></body></html>'),
    '/other': html('<!doctype html><html><head><title>Other</title></head><body><main><h1>Other page</h1><p>Something else.</p></main></body></html>'),
    '/changing': (_req, res) => {
      res.writeHead(changingStatus, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html><head><title>Changing</title></head><body><main id="content"><h1>Changing</h1>${changing}</main></body></html>`);
    },
    '/cloak': (req, res) => {
      const headless = /HeadlessChrome/.test(String(req.headers['user-agent'] ?? ''));
      const text = headless ? 'Browsers are shown this version of the story, with different facts entirely.' : 'Scripts and crawlers get this other version of the story, with unrelated claims.';
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html><head><title>Cloak</title></head><body><main><h1>Cloak</h1><p>${text.repeat(6)}</p></main></body></html>`);
    },
    '/layout': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(layout === 1 ? LAYOUT_V1 : LAYOUT_V2);
    },
    '/form': html(`<!doctype html><html><head><title>Order lookup</title></head><body><main><h1>Order lookup</h1>
      <p>${'Enter an order number to see where your parcel is right now. '.repeat(3)}</p>
      <form action="/submitted" method="get"><input id="order" name="order" type="text"><button id="send" type="submit">Look up</button></form></main></body></html>`),
    '/submitted': (req, res) => {
      const order = new URL(req.url ?? '/', 'http://x').searchParams.get('order') ?? '';
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html><head><title>Order status</title></head><body><main><h1>Order status</h1>
        <p id="status">Order ${order.replace(/[^A-Za-z0-9-]/g, '')} left the depot this morning and arrives tomorrow before noon.</p>
        <p>${'Tracking updates appear here as the parcel moves between depots. '.repeat(3)}</p></main></body></html>`);
    },
    '/walled': html('<!doctype html><html><body><h1>Forbidden</h1></body></html>', 403),
    '/.well-known/agent-genome.v1.json': (_req, res) => {
      res.writeHead(genome.status, { 'content-type': genome.type }).end(genome.body);
    },
    '/interact': html(`<!doctype html><html><head><title>Interact</title></head><body><main><h1>Interact</h1>
      <p>${'This page reveals more when you press the button below. '.repeat(4)}</p>
      <button id="more" onclick="var p=document.createElement('p');p.id='x';p.textContent='Secret paragraph revealed by the button.';document.querySelector('main').appendChild(p)">More</button>
      <input id="q" type="text"></main></body></html>`),
  });
  return {
    server,
    F: (p) => server.url(p),
    setChanging: (body, status = 200) => {
      changing = body;
      changingStatus = status;
    },
    setLayout: (version) => {
      layout = version;
    },
    setGenome: (body, type = 'application/json', status = 200) => {
      genome = { body, type, status };
    },
    close: () => server.close(),
  };
}

export interface PlaybookDirs {
  root: string;
  home: string;
  seeds: string;
  community: string;
  local: string;
  env: Record<string, string>;
}

/** Temp tiers + the env for an MCP child (HOME inside, private URLs allowed, profile full). */
export function playbookDirs(extra: Record<string, string> = {}): PlaybookDirs {
  const root = mkdtempSync(join(tmpdir(), 'occam-pbe2e-'));
  const home = join(root, 'install');
  const seeds = join(home, 'profiles', 'playbooks', 'seeds');
  const community = join(home, 'profiles', 'playbooks', 'community');
  const local = join(root, 'local');
  for (const d of [seeds, community, local]) mkdirSync(d, { recursive: true });
  return {
    root, home, seeds, community, local,
    env: {
      HOME: join(root, 'home'),
      OCCAM_HOME: home,
      OCCAM_PLAYBOOKS_LOCAL_ROOT: local,
      OCCAM_ALLOW_PRIVATE_URLS: '1',
      OCCAM_PROFILE: 'full',
      // The operator's consent to client-side playbook writes (issue 30); a test of the gate overrides it.
      OCCAM_PLAYBOOK_SAVE: '1',
      ...extra,
    },
  };
}
