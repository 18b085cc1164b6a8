// Process-wide services (canary authority, signing keys, handle store, response cache, browser pool, job store)
// are created lazily on first use and shared by every connection. A module declares its service with
// defineService(); a handler asks ctx.services.use(service). Nothing heavy loads until a tool needs it.
import type { RuntimeContext } from './context.ts';

export interface ServiceDef<T> {
  id: string;
  create: (runtime: RuntimeContext, services: Services) => T | Promise<T>;
  /** Called once at shutdown, e.g. to close a browser or a database. */
  dispose?: (value: T) => void | Promise<void>;
}

export function defineService<T>(def: ServiceDef<T>): ServiceDef<T> {
  return def;
}

export class Services {
  readonly runtime: RuntimeContext;
  private readonly instances = new Map<string, { def: ServiceDef<any>; value: Promise<any> }>();

  constructor(runtime: RuntimeContext) {
    this.runtime = runtime;
  }

  use<T>(def: ServiceDef<T>): Promise<T> {
    let entry = this.instances.get(def.id);
    if (!entry) {
      const value = Promise.resolve().then(() => def.create(this.runtime, this));
      entry = { def, value };
      this.instances.set(def.id, entry);
      // A failed creation is not cached: the next use tries again.
      value.catch(() => this.instances.delete(def.id));
    }
    return entry.value as Promise<T>;
  }

  /** The instance if it was already created (for shutdown paths that must not create anything). */
  peek<T>(def: ServiceDef<T>): Promise<T> | undefined {
    return this.instances.get(def.id)?.value as Promise<T> | undefined;
  }

  async disposeAll(): Promise<void> {
    const entries = [...this.instances.values()].reverse();
    this.instances.clear();
    await Promise.allSettled(
      entries.map(async ({ def, value }) => {
        if (def.dispose) await def.dispose(await value);
      }),
    );
  }
}
