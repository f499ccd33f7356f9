// decode → classify → read → checks → fuse, under one deadline, reporting each stage.
import { CHECKS } from "../checks";
import { machineReadableLines } from "../checks/mrz/zone";
import type { Check, DocumentContext } from "../context";
import type { AnalyseOptions, Finding, ForensicReport, FusionInputs, StageName } from "../types";
import { ENGINE_VERSION } from "../version";
import { applyCalibration } from "./calibration";
import { type Classification, classifyDocument, looksBlank, looksLikePicture, unreadText } from "./classify";
import { decodeDocument } from "./decode";
import type { StageEnv } from "./decoded";
import { Deadline } from "./deadline";
import { fuse } from "./fuse";
import { fuseInputOf } from "./refuse";
import { resolveLimits } from "./limits";
import { assembleText, readFields, recogniseText } from "./read";
import { runChecks } from "./run-checks";
import { runStage, safeEmitter } from "./stages";
import { summarise } from "./summary";

/** Fewer words than this read with confidence is no text to verify a document by. */
const MIN_WORDS_READ = 3;

export async function analyse(
  bytes: Uint8Array,
  contentType: string,
  options: AnalyseOptions = {},
  checks: readonly Check[] = CHECKS,
): Promise<ForensicReport> {
  const limits = resolveLimits(options.limits);
  const mode = options.mode ?? "standard";
  const deadline = new Deadline(limits.timeoutMs, options.signal);
  const emit = safeEmitter(options.onProgress);
  const timings: Partial<Record<StageName, number>> = {};
  const started = performance.now();
  const env = (log: (m: string) => void): StageEnv => ({ limits, mode, deadline, log });

  const work = async (): Promise<ForensicReport> => {
    const decoded = await runStage(
      emit,
      timings,
      "decode",
      "Decoding and normalising",
      (log) => decodeDocument(bytes, contentType, env(log)),
      (d) => ({ format: d.format, page_count: d.pageCount, pages_analysed: d.pages.length }),
    );
    deadline.check();

    const { classification, text } = await runStage(
      emit,
      timings,
      "classify",
      "Classifying the document",
      async (log) => {
        const toRead = [];
        for (const page of decoded.pages) {
          if (page.source !== "pdf-text" && (await looksBlank(page))) log(`page ${page.page} is blank; no OCR needed`);
          else toRead.push(page);
        }
        // Classification weighs text coverage and keywords, so pages without a text layer are OCRed here.
        await recogniseText(toRead, env(log), looksLikePicture);
        const text = assembleText(decoded.pages);
        // A machine-readable zone found by its geometry is text the page has, though OCR missed it.
        const zones = await Promise.all(decoded.pages.map(machineReadableLines));
        const lines = text.lines.map((page, i) => [...page, ...(zones[i] ?? [])]);
        const classification = await classifyDocument(decoded.pages, lines, decoded.metadata);
        log(
          classification.isCredential
            ? `looks like a ${classification.docType}`
            : `not a credential: ${classification.kind}`,
        );
        return { classification, text };
      },
      ({ classification: c }) => ({ doc_type: c.docType, is_credential: c.isCredential, kind: c.kind }),
    );
    deadline.check();

    const fields = await runStage(
      emit,
      timings,
      "read",
      "Reading text and fields",
      async (log) => {
        const words = decoded.pages.reduce((n, p) => n + p.text.length, 0);
        log(`${words} words or text runs on ${decoded.pages.length} page${decoded.pages.length === 1 ? "" : "s"}`);
        return classification.isCredential ? readFields(classification.docType, text) : {};
      },
      (f) => ({ fields: Object.keys(f) }),
    );
    deadline.check();

    const ctx: DocumentContext = {
      bytes,
      contentType,
      format: decoded.format,
      mode,
      limits,
      pages: decoded.pages,
      pageCount: decoded.pageCount,
      metadata: decoded.metadata,
      docType: classification.docType,
      isCredential: classification.isCredential,
      fields,
      fullText: text.fullText,
    };
    const outcome = await runStage(
      emit,
      timings,
      "checks",
      "Running forensic checks",
      async (log) => {
        if (!classification.isCredential) {
          log("skipped: not a credential");
          return { findings: [], ran: [], failed: [], skipped: checks.map((c) => c.name) };
        }
        return runChecks(checks, ctx, deadline, log);
      },
      (o) => ({ ran: o.ran, failed: o.failed, skipped: o.skipped, findings: o.findings.length }),
    );
    deadline.check();

    const report = await runStage(
      emit,
      timings,
      "fuse",
      "Weighing the evidence",
      async () => {
        const findings = [...observations(decoded.pages, classification), ...outcome.findings];
        const tooPoor = decoded.pages.length > 0 && decoded.pages.every((p) => p.quality.too_poor_to_judge);
        const inputs: FusionInputs = {
          checks_run: outcome.ran.length,
          checks_failed: outcome.failed.length,
          // Words OCR hallucinates in bars and stamps are not text read: only words read surely.
          something_read:
            classification.pages.reduce((n, p) => n + p.text.confidentWords, 0) >= MIN_WORDS_READ ||
            Object.values(fields).some((v) => v !== null && v !== ""),
          classification_confidence: classification.confidence,
        };
        const fused = fuse({
          ...fuseInputOf(inputs, findings, classification.docType, decoded.format, fields),
          isCredential: classification.isCredential,
          unreadText: classification.unreadText,
          tooPoor,
          overrides: options.overrides,
        });
        // A document sent to a person carries no claim to be right or wrong, so no calibration
        // (fitted on how often claims were right) speaks for it: it keeps the raw 0.5.
        const confidence = round(
          fused.verdict === "MANUAL_REVIEW"
            ? fused.rawConfidence
            : applyCalibration(options.calibration, fused.rawConfidence),
        );
        const report: Omit<ForensicReport, "timings_ms"> = {
          engine_version: ENGINE_VERSION,
          overrides_version: options.overrides?.version ?? null,
          mode,
          verdict: fused.verdict,
          review_reason: fused.reviewReason ?? null,
          confidence,
          raw_confidence: round(fused.rawConfidence),
          doc_type: classification.docType,
          is_credential: classification.isCredential,
          format: decoded.format,
          page_count: decoded.pageCount,
          pages: decoded.pages.map((p) => ({
            page: p.page,
            width: p.width,
            height: p.height,
            source: p.source,
            quality: p.quality,
          })),
          fields,
          findings: sortFindings(findings),
          fusion_inputs: inputs,
          summary: summarise(
            fused,
            classification,
            outcome.ran.length,
            decoded.pages.length,
            decoded.pageCount,
            findings,
          ),
        };
        return report;
      },
      (r) => ({ verdict: r.verdict, confidence: r.confidence }),
    );

    return {
      ...report,
      timings_ms: {
        decode: timings.decode ?? 0,
        classify: timings.classify ?? 0,
        read: timings.read ?? 0,
        checks: timings.checks ?? 0,
        fuse: timings.fuse ?? 0,
        total: Math.round(performance.now() - started),
      },
    };
  };

  try {
    return await deadline.race(work());
  } finally {
    deadline.dispose();
  }
}

/** Neutral findings from the early stages, so the report shows why a page was not judged or not a credential. */
function observations(pages: DocumentContext["pages"], cls: Classification): Finding[] {
  const out: Finding[] = [];
  if (!cls.isCredential) {
    const first = cls.pages[0];
    out.push({
      check: `classify.${cls.kind}`,
      severity: "info",
      score: 0,
      message: `The file looks like ${cls.kind === "photo" ? "a photo" : cls.kind === "blank" ? "a blank page" : `a ${cls.kind}`}, not a credential: ${first?.reasons.join(", ") ?? "no document features"}.`,
      page: first?.page ?? null,
      region: null,
      evidence: { kind: cls.kind, visual: first?.visual, text: first?.text },
    });
  }
  const unread = cls.unreadText ? cls.pages.find((c) => c.kind === "document" && unreadText(c.text)) : undefined;
  if (unread) {
    out.push({
      check: "classify.unread_text",
      severity: "info",
      score: 0,
      message: `Page ${unread.page} carries text in a script the engine does not read: ${unread.reasons.slice(0, 2).join(", ")}.`,
      page: unread.page,
      region: null,
      evidence: { text_lines: unread.text.textLines, read_share: Math.round(unread.text.readShare * 100) / 100 },
    });
  }
  for (const p of pages) {
    if (!p.quality.too_poor_to_judge) continue;
    out.push({
      check: "quality.too_poor",
      severity: "info",
      score: 0,
      message: `Page ${p.page} is too blurred, dark, over-exposed or small to judge (sharpness ${p.quality.sharpness}, brightness ${p.quality.brightness}, ${p.width}×${p.height} px).`,
      page: p.page,
      region: null,
      evidence: { ...p.quality },
    });
  }
  return out;
}

const SEVERITY_ORDER = { critical: 0, high: 1, medium: 2, low: 3, info: 4 } as const;

function sortFindings(findings: Finding[]): Finding[] {
  return [...findings].sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || b.score - a.score);
}

function round(v: number): number {
  return Math.round(v * 1000) / 1000;
}
