// A migration-aware driver adapter for PGlite: pglite-prisma-adapter 0.7.2, whose executeScript
// does not await `exec` (errors are lost and the engine races ahead of the script).
import { PGlite } from "@electric-sql/pglite";
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaPGlite } from "pglite-prisma-adapter";

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

/** `client` stays open: its owner closes it. The shadow database is a fresh in-memory PGlite. */
export function pgliteMigrationAdapter(client: PGlite): SqlMigrationAwareDriverAdapterFactory {
  const base = new PrismaPGlite(client);
  return {
    provider: base.provider,
    adapterName: base.adapterName,
    async connect() {
      return awaitScripts(await base.connect(), client);
    },
    async connectToShadowDb() {
      const shadow = await PGlite.create();
      const adapter = await new PrismaPGlite(shadow).connect();
      return awaitScripts(adapter, shadow, () => shadow.close());
    },
  };
}
