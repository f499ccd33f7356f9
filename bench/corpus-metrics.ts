// Figures of one corpus: detection, false positives, NOT_CREDENTIAL recall and its rate on the
// kinds we verify, document-type accuracy, each per tamper family, capture and kind; the
// specimens' MRZ reading; and the reliability of the stated confidence (with its ECE).
import type { Verdict } from "../lib/forensics";

export interface CorpusOutcome {
  id: string;
  label: "genuine" | "tampered" | "not_credential";
  kind: string;
  expectedType: string | null;
  capture: string;
  /** A genuine variant of its kind (a diploma's language, a badge page), when it is one. */
  variant?: string;
  family: string | null;
  group: string | null;
  verdict: Verdict | null;
  /** Why MANUAL_REVIEW (the report's review_reason), when it is. */
  reviewReason: string | null;
  /** The confidence stated: the raw one through the benchmark's calibration, as a fresh server states it. */
  confidence: number | null;
  /** Fusion's confidence before calibration: what a calibration is fitted on. */
  rawConfidence: number | null;
  predictedType: string | null;
  /** Findings above info, as check:severity. */
  findings: string[];
  ms: number;
  /** CPU time of the engine worker's threads for this analysis (one core's time); null if unknown. */
  cpuMs: number | null;
  pages: number;
  error: string | null;
  mrz?: MrzOutcome;
}

export interface MrzOutcome {
  /** The engine reported a zone it read (mrz.verified, or a finding quoting the zone's lines). */
  read: boolean;
  /** The engine reported every check digit holding (mrz.verified). */
  verified: boolean;
  documentNumber: boolean;
  dates: boolean;
  /** Flagged on a claim that the zone is wrong (check digit, printed mismatch, impossible date). */
  flaggedForMisread: boolean;
  altered: boolean;
}

export interface Rate {
  hits: number;
  total: number;
  rate: number | null;
}

interface Slice {
  detected: Rate;
  genuineFlagged: Rate;
  notCredentialOnCredentials: Rate;
  notCredentialRecall: Rate;
  typeAccuracy: Rate;
}

/** The verdict, with its reason when it sends the document to a person: "MANUAL_REVIEW (too_poor)". */
const verdictOf = (o: CorpusOutcome) => (o.verdict ?? "ERROR") + (o.reviewReason ? ` (${o.reviewReason})` : "");
const flagged = (o: CorpusOutcome) => o.verdict === "REJECTED" || o.verdict === "SUSPECT";
const notCredential = (o: CorpusOutcome) => o.verdict === "NOT_CREDENTIAL";
// The engine's transcript type may be named academic_transcript; both are right for a transcript.
const ACCEPTED_TYPES: Record<string, string[]> = { transcript: ["transcript", "academic_transcript"] };
const typeRight = (o: CorpusOutcome) =>
  o.predictedType !== null && (ACCEPTED_TYPES[o.expectedType ?? ""] ?? [o.expectedType]).includes(o.predictedType);

/** What the verdict should have been: the benchmark's notion of a correct answer. */
export function correct(o: CorpusOutcome): boolean {
  if (o.label === "genuine") return o.verdict === "VERIFIED";
  if (o.label === "tampered") return flagged(o);
  return notCredential(o);
}

function rate(items: CorpusOutcome[], hit: (o: CorpusOutcome) => boolean): Rate {
  const hits = items.filter(hit).length;
  return { hits, total: items.length, rate: items.length ? hits / items.length : null };
}

function groupBy(items: CorpusOutcome[], key: (o: CorpusOutcome) => string | null): [string, CorpusOutcome[]][] {
  const groups = new Map<string, CorpusOutcome[]>();
  for (const o of items) {
    const k = key(o);
    if (k !== null) groups.set(k, [...(groups.get(k) ?? []), o]);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}

export function reliability(items: CorpusOutcome[], bins = 10) {
  const scored = items.filter((o) => o.confidence !== null);
  const rows = Array.from({ length: bins }, (_, i) => {
    const lo = i / bins;
    const hi = (i + 1) / bins;
    const inBin = scored.filter(
      (o) =>
        (o.confidence as number) >= lo && ((o.confidence as number) < hi || (i === bins - 1 && o.confidence === 1)),
    );
    const meanConfidence = inBin.length ? inBin.reduce((s, o) => s + (o.confidence as number), 0) / inBin.length : null;
    const accuracy = inBin.length ? inBin.filter(correct).length / inBin.length : null;
    return { lo, hi, n: inBin.length, meanConfidence, accuracy };
  });
  const ece = scored.length
    ? rows.reduce(
        (s, r) =>
          s + (r.n ? (r.n / scored.length) * Math.abs((r.accuracy as number) - (r.meanConfidence as number)) : 0),
        0,
      )
    : null;
  return { rows, ece, n: scored.length };
}

export function corpusMetrics(outcomes: CorpusOutcome[]) {
  const genuine = outcomes.filter((o) => o.label === "genuine");
  const tampered = outcomes.filter((o) => o.label === "tampered");
  const nonCredentials = outcomes.filter((o) => o.label === "not_credential");
  const credentials = outcomes.filter((o) => o.label !== "not_credential");
  const typed = credentials.filter((o) => o.expectedType !== null);
  const slice = (items: CorpusOutcome[]): Slice => ({
    detected: rate(
      items.filter((o) => o.label === "tampered"),
      flagged,
    ),
    genuineFlagged: rate(
      items.filter((o) => o.label === "genuine"),
      flagged,
    ),
    notCredentialOnCredentials: rate(
      items.filter((o) => o.label !== "not_credential"),
      notCredential,
    ),
    notCredentialRecall: rate(
      items.filter((o) => o.label === "not_credential"),
      notCredential,
    ),
    typeAccuracy: rate(
      items.filter((o) => o.label !== "not_credential" && o.expectedType !== null),
      typeRight,
    ),
  });
  const mrz = outcomes.filter((o) => o.mrz);
  const valid = mrz.filter((o) => o.label === "genuine");
  return {
    n: outcomes.length,
    errors: outcomes.filter((o) => o.error).length,
    detected: rate(tampered, flagged),
    genuineFlagged: rate(genuine, flagged),
    notCredentialRecall: rate(nonCredentials, notCredential),
    notCredentialOnCredentials: rate(credentials, notCredential),
    typeAccuracy: rate(typed, typeRight),
    verdicts: Object.fromEntries(
      groupBy(outcomes, (o) => o.label).map(([label, items]) => [
        label,
        Object.fromEntries(groupBy(items, verdictOf).map(([v, xs]) => [v, xs.length])),
      ]),
    ),
    perGroup: Object.fromEntries(groupBy(tampered, (o) => o.group).map(([g, items]) => [g, rate(items, flagged)])),
    perFamily: Object.fromEntries(groupBy(tampered, (o) => o.family).map(([f, items]) => [f, rate(items, flagged)])),
    missedPerFamily: Object.fromEntries(
      groupBy(
        tampered.filter((o) => !flagged(o)),
        (o) => o.family,
      ).map(([f, items]) => [f, missedSummary(items)]),
    ),
    perCapture: Object.fromEntries(groupBy(outcomes, (o) => o.capture).map(([c, items]) => [c, slice(items)])),
    perKind: Object.fromEntries(groupBy(outcomes, (o) => o.kind).map(([k, items]) => [k, slice(items)])),
    perVariant: Object.fromEntries(
      groupBy(outcomes, (o) => (o.variant ? `${o.kind}/${o.variant}` : null)).map(([k, items]) => [k, slice(items)]),
    ),
    specimens: mrz.length
      ? {
          valid: valid.length,
          read: rate(valid, (o) => o.mrz?.read === true),
          verified: rate(valid, (o) => o.mrz?.verified === true),
          documentNumber: rate(valid, (o) => o.mrz?.documentNumber === true),
          dates: rate(valid, (o) => o.mrz?.dates === true),
          notCredential: rate(mrz, notCredential),
          flaggedForMisread: rate(valid, (o) => o.mrz?.flaggedForMisread === true),
          flaggedAtAll: rate(valid, flagged),
          alteredFlagged: rate(
            mrz.filter((o) => o.mrz?.altered),
            flagged,
          ),
        }
      : null,
    reliability: reliability(outcomes),
    uncalibratedEce: reliability(outcomes.map((o) => ({ ...o, confidence: o.rawConfidence }))).ece,
    timing: timing(outcomes),
  };
}

/**
 * Why forgeries of a family were missed, in aggregate: the verdicts they got and how many of them
 * carried each finding above info. Counts, never file names, so a held-out corpus's failures can be
 * read without looking at its documents.
 */
export interface MissedSummary {
  n: number;
  verdicts: Record<string, number>;
  findings: Record<string, number>;
  withoutFindings: number;
}

function missedSummary(items: CorpusOutcome[]): MissedSummary {
  const count = (keys: string[]) => {
    const counts: Record<string, number> = {};
    for (const k of keys) counts[k] = (counts[k] ?? 0) + 1;
    return Object.fromEntries(Object.entries(counts).sort(([a, x], [b, y]) => y - x || a.localeCompare(b)));
  };
  return {
    n: items.length,
    verdicts: count(items.map(verdictOf)),
    findings: count(items.flatMap((o) => [...new Set(o.findings)])),
    withoutFindings: items.filter((o) => o.findings.length === 0).length,
  };
}

function percentile(values: number[], p: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

/** Per-page time of analyses that completed: elapsed, and the CPU time of the worker's threads. */
export interface PageTimes {
  n: number;
  p50: number | null;
  p90: number | null;
  p95: number | null;
  cpuP50: number | null;
  cpuP90: number | null;
}

export function pageTimes(outcomes: ReadonlyArray<Pick<CorpusOutcome, "ms" | "cpuMs" | "pages" | "error">>): PageTimes {
  const done = outcomes.filter((o) => !o.error);
  const wall = done.map((o) => o.ms / o.pages);
  const cpu = done.flatMap((o) => (o.cpuMs === null ? [] : [o.cpuMs / o.pages]));
  return {
    n: done.length,
    p50: percentile(wall, 50),
    p90: percentile(wall, 90),
    p95: percentile(wall, 95),
    cpuP50: percentile(cpu, 50),
    cpuP90: percentile(cpu, 90),
  };
}

function timing(outcomes: CorpusOutcome[]) {
  // Digital PDFs: "digital-pdf" in the held-out corpora, "pdf/<look>" in the synthetic one.
  const pdf = outcomes.filter((o) => o.capture === "digital-pdf" || o.capture.startsWith("pdf/"));
  const all = pageTimes(outcomes);
  return {
    p50: all.p50,
    p95: all.p95,
    cpuP50: all.cpuP50,
    digitalPdfP50: pageTimes(pdf).p50,
    perCapture: Object.fromEntries(groupBy(outcomes, (o) => o.capture).map(([c, items]) => [c, pageTimes(items)])),
  };
}

export type CorpusMetrics = ReturnType<typeof corpusMetrics>;

const pct = (r: Rate) => (r.rate === null ? "   –  " : `${(r.rate * 100).toFixed(1).padStart(5)}%`);
const fmt = (r: Rate) => (r.total ? `${pct(r)} (${r.hits}/${r.total})` : "   –");
const secs = (ms: number | null) => (ms === null ? "n/a" : `${(ms / 1000).toFixed(2)} s`);

export function formatCorpus(name: string, role: string, m: CorpusMetrics): string {
  const lines: string[] = [];
  const standing =
    role === "tuning"
      ? "TUNING corpus: the engine was tuned on it"
      : role === "tuned-on"
        ? "independent, but TUNED ON: rules were chosen looking at it"
        : role === "mixed"
          ? "tuned-on and held-out corpora together"
          : "HELD OUT: not tuned on";
  const title = `== corpus ${name} (${standing}) — ${m.n} documents, ${m.errors} errors`;
  lines.push("", title);
  lines.push(`forgeries caught (REJECTED|SUSPECT)  ${fmt(m.detected)}`);
  lines.push(`genuine flagged (REJECTED|SUSPECT)   ${fmt(m.genuineFlagged)}`);
  lines.push(`NOT_CREDENTIAL recall                ${fmt(m.notCredentialRecall)}`);
  lines.push(`NOT_CREDENTIAL on kinds we verify    ${fmt(m.notCredentialOnCredentials)}`);
  lines.push(`document type right                  ${fmt(m.typeAccuracy)}`);
  for (const [label, counts] of Object.entries(m.verdicts))
    lines.push(
      `verdicts on ${label}: ${Object.entries(counts)
        .map(([v, n]) => `${v} ${n}`)
        .join(", ")}`,
    );
  if (Object.keys(m.perFamily).length) {
    lines.push("-- per tamper family (caught)");
    for (const [g, r] of Object.entries(m.perGroup)) lines.push(`  ${g.padEnd(24)} ${fmt(r)}`);
    for (const [f, r] of Object.entries(m.perFamily)) lines.push(`    ${f.padEnd(22)} ${fmt(r)}`);
  }
  if (Object.keys(m.missedPerFamily).length) {
    lines.push("-- missed forgeries per family: their verdicts; findings above info on them (documents carrying each)");
    for (const [f, s] of Object.entries(m.missedPerFamily)) lines.push(`    ${f.padEnd(22)} ${formatMissed(s)}`);
  }
  const table = (title: string, rows: Record<string, Slice>) => {
    lines.push(`-- per ${title}: caught | genuine flagged | NC on credentials | NC recall | type right`);
    const width = Math.max(18, ...Object.keys(rows).map((k) => k.length));
    for (const [k, s] of Object.entries(rows))
      lines.push(
        `  ${k.padEnd(width)} ${fmt(s.detected).padEnd(17)} ${fmt(s.genuineFlagged).padEnd(17)} ${fmt(s.notCredentialOnCredentials).padEnd(17)} ${fmt(s.notCredentialRecall).padEnd(17)} ${fmt(s.typeAccuracy)}`,
      );
  };
  table("capture", m.perCapture);
  table("kind", m.perKind);
  if (Object.keys(m.perVariant).length) table("variant (language, form)", m.perVariant);
  if (m.specimens) {
    const s = m.specimens;
    lines.push(`-- machine-readable zones (${s.valid} genuine documents with a known zone)`);
    lines.push(
      `  MRZ read ${fmt(s.read)}; check digits verified ${fmt(s.verified)}; document number ${fmt(s.documentNumber)}; dates ${fmt(s.dates)}`,
    );
    lines.push(
      `  NOT_CREDENTIAL ${fmt(s.notCredential)}; flagged for a misread ${fmt(s.flaggedForMisread)}; flagged at all ${fmt(s.flaggedAtAll)}; altered flagged ${fmt(s.alteredFlagged)}`,
    );
  }
  lines.push(
    `-- reliability (stated confidence vs observed accuracy of the verdict), ECE ${m.reliability.ece === null ? "n/a" : m.reliability.ece.toFixed(3)} (before calibration ${m.uncalibratedEce === null ? "n/a" : m.uncalibratedEce.toFixed(3)})`,
  );
  for (const r of m.reliability.rows)
    if (r.n)
      lines.push(
        `  [${r.lo.toFixed(1)}, ${r.hi.toFixed(1)})  n=${String(r.n).padStart(3)}  confidence ${(r.meanConfidence as number).toFixed(2)}  accuracy ${(r.accuracy as number).toFixed(2)}`,
      );
  lines.push(
    `-- time per page p50 ${secs(m.timing.p50)}, p95 ${secs(m.timing.p95)}; digital PDF p50 ${secs(m.timing.digitalPdfP50)}`,
  );
  lines.push(...formatTimes(m.timing.perCapture));
  return lines.join("\n");
}

const listed = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([k, n]) => `${k} ${n}`)
    .join(", ");

export function formatMissed(s: MissedSummary): string {
  const findings = listed(s.findings);
  return `${s.n}: ${listed(s.verdicts)}; ${findings || "no finding"}${findings && s.withoutFindings ? `; none on ${s.withoutFindings}` : ""}`;
}

/**
 * Per-capture time per page on one core: the engine worker has one thread for libvips and libuv
 * and runs one document at a time; CPU is the time all its threads took (tesseract's included),
 * elapsed is what the caller waited, which a busy machine inflates.
 */
export function formatTimes(perCapture: Record<string, PageTimes>): string[] {
  const width = Math.max(18, ...Object.keys(perCapture).map((k) => k.length));
  const lines = [
    `-- time per page on one core, per capture: CPU p50 / p90 | elapsed p50 / p90 (one worker, one thread for libvips)`,
  ];
  for (const [capture, t] of Object.entries(perCapture))
    lines.push(
      `  ${capture.padEnd(width)} n=${String(t.n).padStart(3)}  CPU ${secs(t.cpuP50).padStart(7)} / ${secs(t.cpuP90).padStart(7)} | elapsed ${secs(t.p50).padStart(7)} / ${secs(t.p90).padStart(7)}`,
    );
  return lines;
}

export function formatSummary(rows: Array<{ name: string; role: string; m: CorpusMetrics }>): string {
  const lines = [
    "",
    "== all corpora (synthetic is the tuning corpus; tuned-on corpora are independent but were tuned on)",
  ];
  lines.push(
    `${"corpus".padEnd(11)} ${"role".padEnd(9)} ${"n".padStart(4)}  caught            genuine flagged   NC recall         NC on credentials type right        ECE`,
  );
  for (const { name, role, m } of rows)
    lines.push(
      `${name.padEnd(11)} ${role.padEnd(9)} ${String(m.n).padStart(4)}  ${fmt(m.detected).padEnd(17)} ${fmt(m.genuineFlagged).padEnd(17)} ${fmt(m.notCredentialRecall).padEnd(17)} ${fmt(m.notCredentialOnCredentials).padEnd(17)} ${fmt(m.typeAccuracy).padEnd(17)} ${m.reliability.ece === null ? "n/a" : m.reliability.ece.toFixed(3)}`,
    );
  return lines.join("\n");
}

/** Issue 22's figures for each held-out corpus's genuine documents, one line a corpus. */
export function formatGenuineByCorpus(rows: Array<{ name: string; role?: string; m: CorpusMetrics }>): string {
  const lines = ["-- genuine documents per corpus: standing | flagged | NC on credentials | type right"];
  for (const { name, role, m } of rows)
    if (m.n)
      lines.push(
        `  ${name.padEnd(18)} ${(role ?? "").padEnd(9)} ${fmt(m.genuineFlagged).padEnd(17)} ${fmt(m.notCredentialOnCredentials).padEnd(17)} ${fmt(m.typeAccuracy)}`,
      );
  return lines.join("\n");
}
