// A deterministic PRNG (mulberry32) for property tests: a failing case is reproducible from its seed.
export { rng } from '../../src/runtime/rng.ts';
