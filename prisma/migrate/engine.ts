// Loads Prisma's schema engine compiled to WebAssembly. The package's entry point imports the
// .wasm file as an ES module, which Node 20 cannot do, so the module is instantiated here by hand
// against the package's own JavaScript glue.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import * as glue from "@prisma/schema-engine-wasm/schema_engine_bg";
import type { SchemaEngine } from "@prisma/schema-engine-wasm";

export type { SchemaEngine };

const WASM_FILE = "schema_engine_bg.wasm";

let loaded: Promise<typeof glue.SchemaEngine> | undefined;

function loadEngineClass(): Promise<typeof glue.SchemaEngine> {
  loaded ??= (async () => {
    const { instance } = await WebAssembly.instantiate(await readFile(findWasm()), {
      "./schema_engine_bg.js": withUnrefTimers(glue as unknown as WebAssembly.ModuleImports),
    });
    glue.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return glue.SchemaEngine;
  })();
  return loaded;
}

// The package's exports map does not list the .wasm file; find it beside the glue. A bundler
// (Next.js) may rewrite require.resolve, so fall back to the project's node_modules.
function findWasm(): string {
  const candidates: string[] = [];
  try {
    const gluePath: unknown = createRequire(import.meta.url).resolve("@prisma/schema-engine-wasm/schema_engine_bg");
    if (typeof gluePath === "string") candidates.push(path.join(path.dirname(gluePath), WASM_FILE));
  } catch {
    // Not resolvable from here; try the fallback.
  }
  candidates.push(path.join(process.cwd(), "node_modules", "@prisma", "schema-engine-wasm", WASM_FILE));
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found)
    throw new Error(`Cannot find ${WASM_FILE} of @prisma/schema-engine-wasm (looked in ${candidates.join(", ")}).`);
  return found;
}

// Every engine command arms a 10 s timer (the migration advisory lock's timeout) and never clears
// it, which keeps Node alive for 10 s after the work is done. The lock wait itself holds a
// database connection open, so the timer need not keep the process alive.
function withUnrefTimers(imports: WebAssembly.ModuleImports): WebAssembly.ModuleImports {
  return Object.fromEntries(
    Object.entries(imports).map(([name, value]) => {
      if (!name.startsWith("__wbg_setTimeout_") || typeof value !== "function") return [name, value];
      const setTimer = value as (callback: () => void, ms: number) => NodeJS.Timeout;
      return [name, (callback: () => void, ms: number) => setTimer(callback, ms).unref()];
    }),
  );
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
  const bound = bindMigrationAwareSqlAdapterFactory(adapterFactory);
  const engine = await Engine.new({ datamodels: undefined }, onLog, bound);
  return withAdapterErrors(engine, bound.errorRegistry);
}

type ErrorRegistry = { consumeError(id: number): { error: unknown } | undefined };

// When the driver adapter throws, the engine only reports "External error id#N"; the error itself
// waits in the adapter's registry. Put its message back into what the caller sees.
function withAdapterErrors(engine: SchemaEngine, registry: ErrorRegistry): SchemaEngine {
  const explain = (error: unknown): unknown => {
    if (!(error instanceof Error)) return error;
    const id = /External error id#(\d+)/.exec(error.message)?.[1];
    const original = id === undefined ? undefined : registry.consumeError(Number(id))?.error;
    if (original === undefined) return error;
    const detail = original instanceof Error ? original.message : JSON.stringify(original);
    return new Error(`${error.message.split("\n")[0]}: ${detail}`, { cause: original });
  };
  return new Proxy(engine, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const result: unknown = value.apply(target, args);
        return result instanceof Promise ? result.catch((error: unknown) => Promise.reject(explain(error))) : result;
      };
    },
  });
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
