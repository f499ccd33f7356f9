// `credence verify <file> [--deep] [--json]`: runs the forensic engine on one file and prints
// the report, as JSON or as a summary a person can read. The engine runs in the same worker pool as
// the server's (lib/engine), with one worker: one file needs no more.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { loadEnv } from "../../lib/env";
import { BENCHMARK_CALIBRATION } from "../../lib/calibration/benchmark-model";
import { analyseInPool, closeEnginePool, configureEnginePool, EngineFailedError } from "../../lib/engine";
import { ForensicInputError, type ForensicReport, sniffFormat } from "../../lib/forensics";

const USAGE = "usage: credence verify <file> [--deep] [--json]";

const TYPES_BY_EXTENSION: Record<string, string> = {
  ".pdf": "application/pdf",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".tif": "image/tiff",
  ".tiff": "image/tiff",
  ".heic": "image/heic",
  ".heif": "image/heif",
  ".avif": "image/avif",
};

const TYPES_BY_FORMAT: Record<string, string> = {
  pdf: "application/pdf",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  tiff: "image/tiff",
  heic: "image/heic",
  avif: "image/avif",
};

export async function verifyCommand(
  args: string[],
  out: (line: string) => void = console.log,
  err: (line: string) => void = console.error,
): Promise<number> {
  const flags = new Set(args.filter((a) => a.startsWith("--")));
  const files = args.filter((a) => !a.startsWith("--"));
  const unknown = [...flags].filter((f) => f !== "--deep" && f !== "--json");
  if (files.length !== 1 || unknown.length) {
    err(unknown.length ? `unknown option ${unknown.join(", ")}\n${USAGE}` : USAGE);
    return 1;
  }
  const file = files[0];
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(file));
  } catch (e) {
    err(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    return 1;
  }
  const json = flags.has("--json");
  await configureEnginePool({ workers: 1, queue: 0, deadlineMs: loadEnv().ENGINE_DEADLINE_MS });
  try {
    const report = await analyseInPool(bytes, guessContentType(file, bytes), {
      mode: flags.has("--deep") ? "deep" : "standard",
      // Offline, with no server's refits: the calibration a fresh server states.
      calibration: BENCHMARK_CALIBRATION,
      onProgress: json
        ? undefined
        : (e) => {
            if (e.type === "stage" && e.status === "start") err(`… ${e.label}`);
          },
    });
    if (json) out(JSON.stringify(report, null, 2));
    else printReport(report, out);
    return 0;
  } catch (e) {
    if (e instanceof ForensicInputError || e instanceof EngineFailedError) {
      err(`${file}: ${e.message} (${e.code})`);
      return 1;
    }
    throw e;
  } finally {
    await closeEnginePool();
  }
}

export function guessContentType(file: string, bytes: Uint8Array): string {
  const byExtension = TYPES_BY_EXTENSION[path.extname(file).toLowerCase()];
  if (byExtension) return byExtension;
  const sniffed = sniffFormat(bytes);
  return sniffed.format ? TYPES_BY_FORMAT[sniffed.format] : "application/octet-stream";
}

export function printReport(r: ForensicReport, out: (line: string) => void): void {
  out(`Verdict:     ${r.verdict} (confidence ${r.confidence.toFixed(2)})`);
  out(
    `Document:    ${r.doc_type}${r.is_credential ? "" : " (not a credential)"}, ${r.format.toUpperCase()}, ${r.page_count} page${r.page_count === 1 ? "" : "s"}, ${r.mode} mode`,
  );
  out(`Summary:     ${r.summary}`);
  const fields = Object.entries(r.fields);
  if (fields.length) {
    out("Fields:");
    const width = Math.max(...fields.map(([k]) => k.length));
    for (const [k, v] of fields) out(`  ${k.padEnd(width)}  ${v}`);
  }
  out(r.findings.length ? `Findings (${r.findings.length}):` : "Findings:    none");
  for (const f of r.findings) {
    const where = [f.page ? `page ${f.page}` : null, f.region ? regionText(f.region) : null].filter(Boolean).join(", ");
    out(`  [${f.severity.toUpperCase()}] ${f.check} (score ${f.score.toFixed(2)})${where ? ` at ${where}` : ""}`);
    out(`      ${f.message}`);
  }
  const t = r.timings_ms;
  out(
    `Timings:     decode ${t.decode} ms, classify ${t.classify} ms, read ${t.read} ms, checks ${t.checks} ms, fuse ${t.fuse} ms, total ${t.total} ms`,
  );
  out(`Engine:      ${r.engine_version}`);
}

function regionText(r: { x: number; y: number; width: number; height: number }): string {
  const pct = (v: number) => `${Math.round(v * 100)}%`;
  return `x ${pct(r.x)}, y ${pct(r.y)}, ${pct(r.width)}×${pct(r.height)} of the page`;
}
