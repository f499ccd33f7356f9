// Loads Prisma's schema engine compiled to WebAssembly. The package's entry point imports the
// .wasm file as an ES module, which Node 20 cannot do, so the module is instantiated here by hand
// against the package's own JavaScript glue.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import * as glue from "@prisma/schema-engine-wasm/schema_engine_bg";
import type { SchemaEngine } from "@prisma/schema-engine-wasm";

export type { SchemaEngine };

let loaded: Promise<typeof glue.SchemaEngine> | undefined;

function loadEngineClass(): Promise<typeof glue.SchemaEngine> {
  loaded ??= (async () => {
    const require = createRequire(import.meta.url);
    // The package's exports map does not list the .wasm file; find it beside the glue.
    const gluePath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
    const wasmPath = path.join(path.dirname(gluePath), "schema_engine_bg.wasm");
    const { instance } = await WebAssembly.instantiate(await readFile(wasmPath), {
      "./schema_engine_bg.js": glue as unknown as WebAssembly.ModuleImports,
    });
    glue.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return glue.SchemaEngine;
  })();
  return loaded;
}

export type EngineLog = (line: string) => void;

/**
 * Opens a schema engine over a driver adapter. `datamodel` is only needed by commands that read
 * the Prisma schema from the engine's state (none of ours: `createMigration` takes it as input).
 */
export async function openSchemaEngine(
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
  log: EngineLog = () => {},
): Promise<SchemaEngine> {
  const Engine = await loadEngineClass();
  const onLog = (message: string) => log(formatEngineLog(message));
  return Engine.new({ datamodels: undefined }, onLog, bindMigrationAwareSqlAdapterFactory(adapterFactory));
}

// The engine logs JSON lines ({"level","fields":{"message"}}); keep the message only.
function formatEngineLog(raw: string): string {
  try {
    const parsed = JSON.parse(raw) as { fields?: { message?: string } };
    return parsed.fields?.message ?? raw;
  } catch {
    return raw;
  }
}
