// `npm run bench`: runs each benchmark module in turn. Every module measures Occam beside its baseline in the
// same run and prints ratios; results also land as JSON under bench/out/. `npm run bench -- <name>` runs one.
import { mkdirSync } from 'node:fs';

export interface BenchModule {
  name: string;
  run: () => Promise<void>;
}

const MODULES: Array<() => Promise<{ default: BenchModule }>> = [
  () => import('./startup.ts'),
  () => import('./release.ts'),
  () => import('./exam.ts'),
  () => import('./fetch.ts'),
  () => import('./many-pages.ts'),
  () => import('./read-memory.ts'),
  () => import('./hostile-pages.ts'),
  () => import('./transports.ts'),
  () => import('./trust.ts'),
  () => import('./budget.ts'),
  () => import('./playbooks.ts'),
  () => import('./reading.ts'),
  () => import('./safety.ts'),
  () => import('./scale.ts'),
  () => import('./browser-tier.ts'),
];

mkdirSync(new URL('./out/', import.meta.url), { recursive: true });
const only = process.argv.slice(2);
for (const load of MODULES) {
  const mod = (await load()).default;
  if (only.length && !only.includes(mod.name)) continue;
  console.log(`\n=== ${mod.name} ===`);
  await mod.run();
}
