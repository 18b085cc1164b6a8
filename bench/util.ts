// Small statistics and reporting helpers shared by the benchmarks.
import { writeFileSync } from 'node:fs';

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

export const fmt = (n: number, digits = 1) => n.toFixed(digits);

export function writeResult(name: string, data: unknown): void {
  writeFileSync(new URL(`./out/${name}.json`, import.meta.url), `${JSON.stringify(data, null, 2)}\n`);
}

/** Interleaves the candidates round by round so machine noise hits all of them alike. */
export async function interleaved<K extends string>(
  rounds: number,
  candidates: Record<K, () => Promise<number>>,
): Promise<Record<K, number[]>> {
  const out = Object.fromEntries(Object.keys(candidates).map((k) => [k, [] as number[]])) as Record<K, number[]>;
  for (let i = 0; i < rounds; i++) {
    for (const key of Object.keys(candidates) as K[]) out[key].push(await candidates[key]());
  }
  return out;
}
