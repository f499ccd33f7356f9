// npm run bench:mrz -- [--dir bench/corpora/specimens] [--json out.json]
//
// Government specimen passports, ID cards and visas with a known MRZ (ground-truth.json or
// MRZ_GROUND_TRUTH.json in the corpus folder; the committed corpus by default): runs the engine on each and prints how many zones were read with every
// check digit holding, how many document numbers and dates came out as printed in the zone, how
// many were answered NOT_CREDENTIAL, and how many were flagged (REJECTED or SUSPECT) — for a
// misreading on a valid specimen, and at all on an altered one. Expiry alone is not a misreading.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { analyseDocument, terminateOcr, type ForensicReport } from "../lib/forensics";

interface Truth {
  file: string;
  mrz: string[];
  check: {
    document_number?: string;
    card_number?: string;
    birth_date?: string;
    expiry_date?: string;
    all_check_digits_ok: boolean;
  };
}

function parseArgs(argv: string[]): { dir: string; json?: string } {
  const args: { dir: string; json?: string } = { dir: path.join(import.meta.dirname, "corpora", "specimens") };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--dir" && argv[i + 1]) args.dir = argv[++i] as string;
    else if (argv[i] === "--json" && argv[i + 1]) args.json = argv[++i] as string;
  }
  return args;
}

const yymmdd = (iso: unknown) => (typeof iso === "string" ? iso.slice(2).replace(/-/g, "") : null);
const flagged = (r: ForensicReport) => r.verdict === "REJECTED" || r.verdict === "SUSPECT";
/** Findings that flag a reading of the zone, not the document's age. */
const misreadFlags = (r: ForensicReport) =>
  r.findings.filter(
    (f) => f.check.startsWith("mrz.") && f.check !== "mrz.expired" && ["high", "critical"].includes(f.severity),
  );

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  sharp.concurrency(1);
  const file = ["ground-truth.json", "MRZ_GROUND_TRUTH.json"].map((f) => path.join(args.dir, f)).find(existsSync);
  if (!file) throw new Error(`${args.dir} holds no ground-truth.json or MRZ_GROUND_TRUTH.json`);
  const truth = JSON.parse(readFileSync(file, "utf8")) as Truth[];
  const rows = [];
  for (const t of truth) {
    const bytes = readFileSync(path.join(args.dir, t.file));
    const type = t.file.endsWith(".png") ? "image/png" : "image/jpeg";
    const started = performance.now();
    const report = await analyseDocument(bytes, type, { mode: "standard" });
    const ms = performance.now() - started;
    const verified = report.findings.find((f) => f.check === "mrz.verified")?.evidence ?? null;
    const number = t.check.document_number ?? t.check.card_number ?? "";
    const row = {
      file: t.file,
      valid: t.check.all_check_digits_ok,
      verdict: report.verdict,
      verified: verified !== null,
      number: verified !== null && verified.document_number === number.replace(/<+$/, ""),
      dates:
        verified !== null &&
        (!t.check.birth_date || yymmdd(verified.date_of_birth) === t.check.birth_date) &&
        (!t.check.expiry_date || yymmdd(verified.expiry_date) === t.check.expiry_date),
      misread: misreadFlags(report).length > 0 && flagged(report),
      ms,
      findings: report.findings.filter((f) => f.severity !== "info").map((f) => `${f.check}:${f.severity}`),
    };
    rows.push(row);
    console.log(
      `${t.file.padEnd(36)} ${row.valid ? "valid  " : "altered"} ${report.verdict.padEnd(14)} ${row.verified ? "read+digits" : "-          "} ${row.number ? "number" : "-     "} ${row.dates ? "dates" : "-    "} ${(ms / 1000).toFixed(2)}s ${row.findings.join(" ")}`,
    );
  }
  await terminateOcr();
  const valid = rows.filter((r) => r.valid);
  const altered = rows.filter((r) => !r.valid);
  const pct = (n: number, d: number) => `${d ? ((100 * n) / d).toFixed(1) : "0.0"} % (${n}/${d})`;
  const ms = rows.map((r) => r.ms).sort((a, b) => a - b);
  console.log(`\n== MRZ specimens (${args.dir})`);
  console.log(
    `valid specimens read, check digits verified: ${pct(valid.filter((r) => r.verified).length, valid.length)}`,
  );
  console.log(`document number read:                       ${pct(valid.filter((r) => r.number).length, valid.length)}`);
  console.log(`dates read:                                 ${pct(valid.filter((r) => r.dates).length, valid.length)}`);
  console.log(
    `NOT_CREDENTIAL:                             ${rows.filter((r) => r.verdict === "NOT_CREDENTIAL").length} of ${rows.length}`,
  );
  console.log(
    `valid flagged for a misreading:             ${valid.filter((r) => r.misread).length} of ${valid.length}`,
  );
  console.log(
    `valid flagged at all (expiry included):     ${valid.filter((r) => flagged({ verdict: r.verdict } as ForensicReport)).length} of ${valid.length}`,
  );
  console.log(
    `altered flagged:                            ${pct(altered.filter((r) => ["REJECTED", "SUSPECT"].includes(r.verdict)).length, altered.length)}`,
  );
  console.log(`time per document: p50 ${((ms[Math.floor(ms.length / 2)] ?? 0) / 1000).toFixed(2)} s`);
  if (args.json) writeFileSync(args.json, JSON.stringify(rows, null, 2));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
