// A migration-aware driver adapter for PGlite over pglite-prisma-adapter 0.7.2, with two fixes:
// - its executeScript does not await `exec`, so errors are lost and the engine races ahead;
// - it recognises database errors with `instanceof messages.DatabaseError`, which fails when the
//   caller's PGlite comes from the other module format (ESM vs CommonJS builds each carry their own
//   class). The engine then sees a foreign error instead of, say, "table does not exist" and stops.
import { messages, PGlite, type Transaction } from "@electric-sql/pglite";
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaPGlite } from "pglite-prisma-adapter";

function adoptDatabaseError(error: unknown): never {
  if (
    error instanceof Error &&
    !(error instanceof messages.DatabaseError) &&
    typeof (error as { code?: unknown }).code === "string" &&
    typeof (error as { severity?: unknown }).severity === "string"
  ) {
    Object.setPrototypeOf(error, messages.DatabaseError.prototype);
  }
  throw error;
}

// Wraps a PGlite (or one of its transactions) so every rejected call carries this module's class.
function withAdoptedErrors<T extends PGlite | Transaction>(client: T): T {
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        if (property === "transaction" && typeof args[0] === "function") {
          const callback = args[0] as (tx: Transaction) => unknown;
          args[0] = (tx: Transaction) => callback(withAdoptedErrors(tx));
        }
        const result: unknown = value.apply(target, args);
        return result instanceof Promise ? result.catch(adoptDatabaseError) : result;
      };
    },
  });
}

function awaitScripts(adapter: SqlDriverAdapter, client: PGlite, onDispose?: () => Promise<void>): SqlDriverAdapter {
  return Object.assign(Object.create(adapter) as SqlDriverAdapter, {
    async executeScript(script: string) {
      try {
        await client.exec(script);
      } catch (error) {
        // Let the adapter turn the PGlite error into the DriverAdapterError the engine understands.
        (adapter as unknown as { onError(e: unknown): never }).onError(error);
      }
    },
    async dispose() {
      await adapter.dispose();
      await onDispose?.();
    },
  });
}

async function connect(client: PGlite, onDispose?: () => Promise<void>): Promise<SqlDriverAdapter> {
  const wrapped = withAdoptedErrors(client);
  return awaitScripts(await new PrismaPGlite(wrapped).connect(), wrapped, onDispose);
}

/** `client` stays open: its owner closes it. The shadow database is a fresh in-memory PGlite. */
export function pgliteMigrationAdapter(client: PGlite): SqlMigrationAwareDriverAdapterFactory {
  const base = new PrismaPGlite(client);
  return {
    provider: base.provider,
    adapterName: base.adapterName,
    connect: () => connect(client),
    async connectToShadowDb() {
      const shadow = await PGlite.create();
      return connect(shadow, () => shadow.close());
    },
  };
}
