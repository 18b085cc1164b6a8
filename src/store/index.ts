// The shared store: where state that outlives one call lives. One setting picks the backend for every kind of
// state at once — OCCAM_STORE_URL unset: the embedded stores (SQLite/files on this machine, the default);
// set to postgres://…: one PostgreSQL database shared by every Occam process (docs/scaling.md).
//
// API (small on purpose):
//   storeSelection(runtime)            → { kind: 'embedded' } | { kind: 'postgres', url }   (reads the env catalog)
//   registerMigrations(kind, list)     each PostgreSQL-backed store declares its versioned schema once, at module
//                                      load: [{ version: 1, name, sql }, …]; versions are per kind, never reused
//   postgresFor(services, kind)        → the process's bounded pg Pool (a lazy service), after the kind's pending
//                                      migrations ran (once per process; serialised across processes by an
//                                      advisory lock, so five processes starting on an empty database migrate once)
//   postgresService                    the service itself ({ pool, ready(kind), status() }) for doctor/health
//   migrate(pool, kind, list)          the runner, for tests and tools that hold their own pool
//   pingStore(runtime, services)       reachable / migrated / latency of the selected store (doctor, /v1/health)
//
// The embedded implementations keep their files where they always were (src/config/paths.ts); each kind of state
// has one interface in its own area (src/jobs/, src/optin/, src/read/) with both implementations behind it.
export { storeSelection, redactStoreUrl, type StoreSelection } from './selection.ts';
export { registerMigrations, registeredKinds, migrate, type Migration } from './migrate.ts';
export { postgresService, postgresFor, type SharedPostgres } from './postgres.ts';
export { pingStore, type StoreHealth } from './health.ts';
