// npm run bench:forensics -- [--per-class N] [--seed S] [--json out.json] [--only <class|tamper|check|format|doc type>]
//
// Generates a balanced synthetic corpus (genuine, tampered, not a credential), runs the engine on
// every document in standard mode, and prints detection and false-positive rates, NOT_CREDENTIAL
// precision and recall, per-check, per-format and per-tamper rates, and time per page, each
// checked against the targets of issue 3.
import { writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import sharp from "sharp";
import { analyseInPool, closeEnginePool, configureEnginePool } from "../lib/engine";
import type { ForensicReport } from "../lib/forensics";
import {
  corpusSpecs,
  heicFixturesFor,
  makeDocument,
  type CheckName,
  type SyntheticDocument,
} from "./corpora/synthetic";
import { summarise, type Outcome } from "./forensics-metrics";

interface Args {
  perClass: number;
  seed: string;
  json?: string;
  only?: string;
}

function parseArgs(argv: string[]): Args {
  // 18 per class covers every tamper kind once and runs in a few minutes on one core.
  const args: Args = { perClass: 18, seed: "1" };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (flag === "--per-class" && value) args.perClass = Number(value);
    else if (flag === "--seed" && value) args.seed = value;
    else if (flag === "--json" && value) args.json = value;
    else if (flag === "--only" && value) args.only = value;
    else if (flag === "--help" || flag === "-h") {
      console.log("usage: npm run bench:forensics -- [--per-class N] [--seed S] [--json out.json] [--only <kind>]");
      process.exit(0);
    } else continue;
    i++;
  }
  if (!Number.isInteger(args.perClass) || args.perClass < 1) throw new Error("--per-class must be a positive integer");
  return args;
}

const CHECK_FAMILIES: CheckName[] = ["pdf", "metadata", "pixel", "mrz", "codes", "content"];

/** Check families that raised a finding of at least low severity (info never counts against a document). */
function firedChecks(report: ForensicReport): CheckName[] {
  const fired = new Set<CheckName>();
  for (const f of report.findings) {
    const family = f.check.split(".")[0] as CheckName;
    if (CHECK_FAMILIES.includes(family) && f.severity !== "info") fired.add(family);
  }
  return [...fired];
}

async function run(doc: SyntheticDocument): Promise<Outcome> {
  const base = {
    id: doc.id,
    label: doc.label,
    docType: doc.docType,
    format: doc.format,
    look: doc.look,
    tamperKind: doc.tamper?.kind ?? null,
    tamperCheck: doc.tamper?.check ?? null,
    nonCredentialKind: doc.nonCredentialKind ?? null,
    a4At300dpi: doc.a4At300dpi,
  };
  const started = performance.now();
  try {
    const report = await analyseInPool(doc.bytes, doc.contentType, { mode: "standard" });
    const ms = performance.now() - started;
    return {
      ...base,
      verdict: report.verdict,
      confidence: report.confidence,
      predictedType: report.doc_type,
      fired: firedChecks(report),
      topFindings: report.findings
        .filter((f) => f.severity !== "info")
        .slice(0, 3)
        .map((f) => `${f.check}:${f.severity}`),
      ms,
      pages: Math.max(1, report.pages.length),
      error: null,
    };
  } catch (error) {
    return {
      ...base,
      verdict: null,
      confidence: null,
      predictedType: null,
      fired: [],
      topFindings: [],
      ms: performance.now() - started,
      pages: 1,
      error: (error as Error).message,
    };
  }
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  // The targets are per core: keep libvips on one thread so timings mean the same on any machine.
  sharp.concurrency(1);
  const options = { seed: args.seed, perClass: args.perClass, ...(args.only ? { only: args.only } : {}) };
  // Documents are generated one at a time; HEIC comes from committed fixtures where heif-enc is missing.
  const fixtures = heicFixturesFor(options);
  const specs: Array<Parameters<typeof makeDocument>[0] | SyntheticDocument> = [...corpusSpecs(options), ...fixtures];
  if (specs.length === 0) throw new Error(`--only ${args.only} matches nothing`);
  console.log(
    `bench:forensics — ${specs.length} documents (seed ${args.seed}, ${args.perClass} per class${args.only ? `, only ${args.only}` : ""}${fixtures.length ? `, ${fixtures.length} HEIC fixtures` : ""})`,
  );

  // The server's engine pool (lib/engine) with one worker: documents run one at a time, so each
  // timing is one document's. Warm it up (OCR worker, pdf.js, wasm) on a throwaway document first.
  await configureEnginePool({ workers: 1, queue: 0, deadlineMs: 10 * 60_000 });
  const warm = await makeDocument({ seed: "warm-up", docType: "payslip", format: "jpeg", look: "clean" });
  await analyseInPool(warm.bytes, warm.contentType).catch(() => undefined);

  const outcomes: Outcome[] = [];
  let generationMs = 0;
  for (const [i, spec] of specs.entries()) {
    const g = performance.now();
    const doc = "bytes" in spec ? spec : await makeDocument(spec);
    generationMs += performance.now() - g;
    const outcome = await run(doc);
    outcomes.push(outcome);
    const mark = outcome.error ? "ERROR" : outcome.verdict;
    process.stdout.write(
      `  [${String(i + 1).padStart(String(specs.length).length)}/${specs.length}] ${doc.label.padEnd(14)} ${(doc.tamper?.kind ?? doc.nonCredentialKind ?? doc.docType).padEnd(26)} ${doc.format.padEnd(8)} ${doc.look.padEnd(7)} → ${String(mark).padEnd(14)} ${(outcome.ms / 1000).toFixed(2)}s${outcome.error ? `  ${outcome.error.slice(0, 80)}` : ""}\n`,
    );
  }
  await closeEnginePool();

  const summary = summarise(outcomes);
  console.log(summary.text);
  // Timings only mean something on an idle machine: say how busy it was.
  const [load1, load5] = loadavg();
  console.log(
    `machine: ${availableParallelism()} cores, load average ${load1?.toFixed(1)} (1 min) ${load5?.toFixed(1)} (5 min)${(load5 ?? 0) > availableParallelism() ? " — busy: timings are inflated" : ""}`,
  );
  console.log(`generation: ${(generationMs / 1000).toFixed(1)} s for ${specs.length} documents`);
  if (args.json) {
    writeFileSync(
      args.json,
      JSON.stringify(
        { seed: args.seed, perClass: args.perClass, only: args.only ?? null, metrics: summary.metrics, outcomes },
        null,
        2,
      ),
    );
    console.log(`wrote ${args.json}`);
  }
  process.exitCode = summary.pass ? 0 : 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(2);
});
