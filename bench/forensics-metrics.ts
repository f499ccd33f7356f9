// The benchmark's arithmetic: rates per class, check, format and tamper kind, NOT_CREDENTIAL
// precision/recall, time per page, and the verdict of each target of issue 3.
import type { Verdict } from "../lib/forensics";
import { pageTimes } from "./corpus-metrics";

export interface Outcome {
  id: string;
  label: "genuine" | "tampered" | "not_credential";
  docType: string;
  format: string;
  look: string;
  tamperKind: string | null;
  tamperCheck: string | null;
  nonCredentialKind: string | null;
  a4At300dpi: boolean;
  verdict: Verdict | null;
  reviewReason: string | null;
  confidence: number | null;
  rawConfidence: number | null;
  predictedType: string | null;
  /** Check families that raised a finding above info. */
  fired: string[];
  topFindings: string[];
  ms: number;
  /** CPU time of the engine worker's threads for this analysis; null if unknown. */
  cpuMs: number | null;
  pages: number;
  error: string | null;
}

export const TARGETS = {
  tamperedDetected: 0.9,
  genuineFlagged: 0.03,
  notCredentialRecall: 0.95,
  imageP50Ms: 2500,
  pdfPageP50Ms: 1000,
} as const;

const flagged = (o: Outcome) => o.verdict === "REJECTED" || o.verdict === "SUSPECT";

export interface Rate {
  hits: number;
  total: number;
  rate: number | null;
}

function rate(items: Outcome[], hit: (o: Outcome) => boolean): Rate {
  const hits = items.filter(hit).length;
  return { hits, total: items.length, rate: items.length === 0 ? null : hits / items.length };
}

export function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

function groupBy(items: Outcome[], key: (o: Outcome) => string | null): Map<string, Outcome[]> {
  const groups = new Map<string, Outcome[]>();
  for (const o of items) {
    const k = key(o);
    if (k === null) continue;
    groups.set(k, [...(groups.get(k) ?? []), o]);
  }
  return new Map([...groups.entries()].sort(([a], [b]) => a.localeCompare(b)));
}

export function summarise(outcomes: Outcome[]) {
  const genuine = outcomes.filter((o) => o.label === "genuine");
  const tampered = outcomes.filter((o) => o.label === "tampered");
  const notCredential = outcomes.filter((o) => o.label === "not_credential");
  const predictedNc = outcomes.filter((o) => o.verdict === "NOT_CREDENTIAL");
  const imageTimes = pageTimes(outcomes.filter((o) => o.a4At300dpi && o.format !== "pdf"));
  const pdfTimes = pageTimes(outcomes.filter((o) => o.format === "pdf" && o.label !== "not_credential"));
  const checks = [...new Set(outcomes.map((o) => o.tamperCheck).filter((c): c is string => c !== null))].sort();
  const families = ["pdf", "metadata", "pixel", "mrz", "codes", "content"];

  const metrics = {
    tamperedDetected: rate(tampered, flagged),
    genuineFlagged: rate(genuine, flagged),
    notCredentialRecall: rate(notCredential, (o) => o.verdict === "NOT_CREDENTIAL"),
    notCredentialPrecision: rate(predictedNc, (o) => o.label === "not_credential"),
    errors: outcomes.filter((o) => o.error).length,
    verdicts: Object.fromEntries(
      [...groupBy(outcomes, (o) => o.label)].map(([label, items]) => [
        label,
        countBy(items, (o) => o.verdict ?? "ERROR"),
      ]),
    ),
    perTamper: Object.fromEntries(
      [...groupBy(tampered, (o) => o.tamperKind)].map(([k, items]) => [
        k,
        {
          detected: rate(items, flagged),
          intendedCheckFired: rate(items, (o) => o.fired.includes(o.tamperCheck ?? "")),
        },
      ]),
    ),
    perCheck: Object.fromEntries(
      families.map((c) => [
        c,
        {
          detectedOnItsTampers: rate(
            tampered.filter((o) => o.tamperCheck === c),
            flagged,
          ),
          firedOnItsTampers: rate(
            tampered.filter((o) => o.tamperCheck === c),
            (o) => o.fired.includes(c),
          ),
          firedOnGenuine: rate(genuine, (o) => o.fired.includes(c)),
        },
      ]),
    ),
    perFormat: Object.fromEntries(
      [...groupBy(outcomes, (o) => o.format)].map(([f, items]) => [
        f,
        {
          tamperedDetected: rate(
            items.filter((o) => o.label === "tampered"),
            flagged,
          ),
          genuineFlagged: rate(
            items.filter((o) => o.label === "genuine"),
            flagged,
          ),
          notCredentialRecall: rate(
            items.filter((o) => o.label === "not_credential"),
            (o) => o.verdict === "NOT_CREDENTIAL",
          ),
        },
      ]),
    ),
    perLook: Object.fromEntries(
      [
        ...groupBy(
          outcomes.filter((o) => o.label !== "not_credential"),
          (o) => o.look,
        ),
      ].map(([l, items]) => [
        l,
        {
          tamperedDetected: rate(
            items.filter((o) => o.label === "tampered"),
            flagged,
          ),
          genuineFlagged: rate(
            items.filter((o) => o.label === "genuine"),
            flagged,
          ),
        },
      ]),
    ),
    perDocType: Object.fromEntries(
      [
        ...groupBy(
          outcomes.filter((o) => o.label !== "not_credential"),
          (o) => o.docType,
        ),
      ].map(([t, items]) => [
        t,
        {
          tamperedDetected: rate(
            items.filter((o) => o.label === "tampered"),
            flagged,
          ),
          genuineFlagged: rate(
            items.filter((o) => o.label === "genuine"),
            flagged,
          ),
          typeCorrect: rate(items, (o) => o.predictedType === o.docType),
        },
      ]),
    ),
    perNonCredential: Object.fromEntries(
      [...groupBy(notCredential, (o) => o.nonCredentialKind)].map(([k, items]) => [
        k,
        rate(items, (o) => o.verdict === "NOT_CREDENTIAL"),
      ]),
    ),
    timing: { imageA4At300dpi: imageTimes, digitalPdfPage: pdfTimes },
  };

  const targets = [
    target("tampered REJECTED or SUSPECT", metrics.tamperedDetected.rate, ">=", TARGETS.tamperedDetected, pct),
    target("genuine flagged (false positives)", metrics.genuineFlagged.rate, "<=", TARGETS.genuineFlagged, pct),
    target("NOT_CREDENTIAL recall", metrics.notCredentialRecall.rate, ">=", TARGETS.notCredentialRecall, pct),
    // "On one core": the CPU time the worker's threads took, which a busy machine barely moves.
    target(
      "p50 per A4 300-dpi image page, one core",
      oneCore(metrics.timing.imageA4At300dpi),
      "<=",
      TARGETS.imageP50Ms,
      secs,
    ),
    target(
      "p50 per digital PDF page, one core",
      oneCore(metrics.timing.digitalPdfPage),
      "<=",
      TARGETS.pdfPageP50Ms,
      secs,
    ),
  ];

  const lines: string[] = [];
  const section = (title: string) => lines.push("", title);
  section("== classes");
  lines.push(`tampered detected (REJECTED|SUSPECT): ${fmt(metrics.tamperedDetected)}`);
  lines.push(`genuine flagged (REJECTED|SUSPECT):   ${fmt(metrics.genuineFlagged)}`);
  lines.push(`NOT_CREDENTIAL recall:                ${fmt(metrics.notCredentialRecall)}`);
  lines.push(`NOT_CREDENTIAL precision:             ${fmt(metrics.notCredentialPrecision)}`);
  lines.push(`errors: ${metrics.errors}`);
  for (const [label, counts] of Object.entries(metrics.verdicts))
    lines.push(
      `verdicts on ${label}: ${Object.entries(counts)
        .map(([v, n]) => `${v} ${n}`)
        .join(", ")}`,
    );
  section("== per check (tampers it should catch: verdict flagged / check fired; genuine: check fired)");
  for (const [c, m] of Object.entries(metrics.perCheck)) {
    if (!checks.includes(c) && m.firedOnGenuine.hits === 0) continue;
    lines.push(
      `${c.padEnd(9)} detected ${fmt(m.detectedOnItsTampers).padEnd(18)} fired ${fmt(m.firedOnItsTampers).padEnd(18)} on genuine ${fmt(m.firedOnGenuine)}`,
    );
  }
  section("== per tamper kind (verdict flagged / intended check fired)");
  for (const [k, m] of Object.entries(metrics.perTamper))
    lines.push(`${k.padEnd(27)} ${fmt(m.detected).padEnd(18)} ${fmt(m.intendedCheckFired)}`);
  section("== per format (tampered detected / genuine flagged / NOT_CREDENTIAL recall)");
  for (const [f, m] of Object.entries(metrics.perFormat))
    lines.push(
      `${f.padEnd(9)} ${fmt(m.tamperedDetected).padEnd(18)} ${fmt(m.genuineFlagged).padEnd(18)} ${fmt(m.notCredentialRecall)}`,
    );
  section("== per look (tampered detected / genuine flagged)");
  for (const [l, m] of Object.entries(metrics.perLook))
    lines.push(`${l.padEnd(9)} ${fmt(m.tamperedDetected).padEnd(18)} ${fmt(m.genuineFlagged)}`);
  section("== per document type (tampered detected / genuine flagged / type recognised)");
  for (const [t, m] of Object.entries(metrics.perDocType))
    lines.push(
      `${t.padEnd(15)} ${fmt(m.tamperedDetected).padEnd(18)} ${fmt(m.genuineFlagged).padEnd(18)} ${fmt(m.typeCorrect)}`,
    );
  section("== non-credentials (recognised as NOT_CREDENTIAL)");
  for (const [k, m] of Object.entries(metrics.perNonCredential)) lines.push(`${k.padEnd(11)} ${fmt(m)}`);
  section("== time per page on one core (CPU of the worker's threads | elapsed)");
  const t = metrics.timing;
  for (const [name, x] of [
    ["A4 300-dpi image", t.imageA4At300dpi],
    ["digital PDF page", t.digitalPdfPage],
  ] as const)
    lines.push(
      `${name}: n=${x.n} CPU p50 ${secs(x.cpuP50)} p90 ${secs(x.cpuP90)} | elapsed p50 ${secs(x.p50)} p90 ${secs(x.p90)} p95 ${secs(x.p95)}`,
    );
  section("== targets");
  for (const tg of targets) lines.push(tg.line);
  const pass = targets.every((tg) => tg.pass);
  return { metrics, targets, pass, text: lines.join("\n") };
}

/** The one-core figure: CPU time where the worker reported it, elapsed time otherwise. */
function oneCore(t: { cpuP50: number | null; p50: number | null }): number | null {
  return t.cpuP50 ?? t.p50;
}

function countBy(items: Outcome[], key: (o: Outcome) => string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const o of items) out[key(o)] = (out[key(o)] ?? 0) + 1;
  return out;
}

function target(
  name: string,
  value: number | null,
  op: ">=" | "<=",
  limit: number,
  show: (v: number | null) => string,
) {
  const pass = value !== null && (op === ">=" ? value >= limit : value <= limit);
  return {
    name,
    value,
    pass,
    line: `${pass ? "PASS" : "FAIL"}  ${name}: ${show(value)} (target ${op} ${show(limit)})`,
  };
}

function pct(v: number | null): string {
  return v === null ? "n/a" : `${(v * 100).toFixed(1)} %`;
}

function secs(ms: number | null): string {
  return ms === null ? "n/a" : `${(ms / 1000).toFixed(2)} s`;
}

function fmt(r: Rate): string {
  return `${pct(r.rate)} (${r.hits}/${r.total})`;
}
