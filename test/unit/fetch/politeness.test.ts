import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Politeness, parseRobots, robotsDisallows } from '../../../src/fetch/politeness.ts';

test('reading.md §4: only the * group counts; consecutive User-agent lines form one group; comments ignored', () => {
  const rules = parseRobots(
    [
      '# comment',
      'User-agent: googlebot',
      'Disallow: /google-only',
      '',
      'User-agent: otherbot',
      'User-agent: *   # shared group',
      'Disallow: /private',
      'Disallow:',
      'Allow: /private/open',
      'Crawl-delay: 2',
      'Crawl-delay: 0.5',
      'Sitemap: https://example.test/sitemap.xml',
      'User-agent: thirdbot',
      'Disallow: /third',
      'Crawl-delay: 30',
    ].join('\n'),
  );
  assert.deepEqual(rules, { disallow: ['/private'], crawlDelaySec: 2, sitemaps: ['https://example.test/sitemap.xml'] });
  assert.equal(robotsDisallows(rules, '/private/x'), true);
  assert.equal(robotsDisallows(rules, '/private/open'), true, 'Allow is not modelled');
  assert.equal(robotsDisallows(rules, '/public?private'), false);
  assert.deepEqual(parseRobots('User-agent: *\r\nDisallow: /a\r\nCrawl-delay: -3\r\n'), { disallow: ['/a'], crawlDelaySec: null, sitemaps: [] });
});

test('robots rules are fetched once per authority and fail open', async () => {
  const p = new Politeness();
  let calls = 0;
  const fetcher = async () => {
    calls++;
    return 'User-agent: *\nDisallow: /x';
  };
  const [a, b] = await Promise.all([p.robotsFor('http://h.test', fetcher), p.robotsFor('http://h.test', fetcher)]);
  assert.equal(calls, 1);
  assert.deepEqual(a, b);
  const failing = await p.robotsFor('http://down.test', async () => {
    throw new Error('boom');
  });
  assert.deepEqual(failing.disallow, []);
  assert.deepEqual((await p.robotsFor('http://none.test', async () => null)).disallow, []);
});

test('reading.md #37: throttle slots queue parallel callers one interval apart, per authority', async () => {
  let now = 1_000;
  const waits: number[] = [];
  const p = new Politeness(
    () => now,
    async (ms) => {
      waits.push(ms);
    },
  );
  await Promise.all([p.waitForSlot('a.test', 400), p.waitForSlot('a.test', 400), p.waitForSlot('a.test', 400), p.waitForSlot('b.test', 400)]);
  assert.deepEqual(waits, [0, 400, 800, 0]);
  now += 2_000; // long after the queue drained: no wait
  await p.waitForSlot('a.test', 400);
  assert.equal(waits.at(-1), 0);
  await p.waitForSlot('a.test', 0);
  assert.equal(waits.length, 5, 'interval 0 never waits');
});
