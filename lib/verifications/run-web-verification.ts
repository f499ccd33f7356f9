// The second half of a web verification, behind the event stream: the forensic engine runs with
// the calibration in force, each stage is forwarded as it happens, and the row ends completed
// (result cached per file hash) or failed (credits refunded). The engine runs in the worker pool
// (lib/engine); its progress events arrive over the thread boundary and go straight to the stream.
// Meanwhile the row's heartbeat is renewed; should this process die, the sweep fails and refunds the
// row instead (sweep-interrupted-verifications.ts). Both end it only while it is still pending.
import type { Db, Prisma, Verification } from "../db";
import { currentCalibration } from "../calibration/current-model";
import { analyseInPool, EngineBusyError, EngineFailedError } from "../engine";
import { ForensicInputError, type ForensicReport, type FusionOverrides, type ProgressEvent } from "../forensics/types";
import { currentOverrides, engineKey } from "../review/overrides/current-overrides";
import { newId } from "../ids";
import { errorFields, log } from "../log";
import type { SendEvent } from "./event-stream";
import { failWebVerification, INTERRUPTED, type VerificationFailure } from "./fail-web-verification";
import { startHeartbeat } from "./verification-heartbeat";
import { toDbVerdict } from "./verdicts";

export async function runWebVerification(
  db: Db,
  verification: Verification,
  bytes: Uint8Array,
  send: SendEvent,
): Promise<void> {
  const stopHeartbeat = startHeartbeat(db, verification.id);
  try {
    // The overrides are part of the analysis: a cached one counts only under the same version.
    const overrides = await currentOverrides(db);
    const engine = engineKey(overrides);
    const cached = await cachedReport(db, verification, engine);
    if (cached)
      send("progress", {
        stage: "decode",
        message: `identical file analysed before by engine ${engine}; reusing that analysis`,
      });
    const report = cached ?? (await analyse(db, verification, bytes, send, overrides));
    const holder = report.fields.holder_name;
    const completed = await db.verification.updateMany({
      where: { id: verification.id, status: "pending" },
      data: {
        status: "completed",
        verdict: toDbVerdict(report.verdict),
        confidence: report.confidence,
        docType: report.doc_type,
        verdictJson: report as unknown as Prisma.InputJsonValue,
        pageCount: report.page_count,
        holderName: typeof holder === "string" ? holder : null,
        completedAt: new Date(),
      },
    });
    if (completed.count === 0) {
      // The sweep took the row for abandoned (this process missed its heartbeats) and refunded it.
      send("error", { verification_id: verification.id, ...INTERRUPTED });
      return;
    }
    send("verdict", {
      verification_id: verification.id,
      status: "completed",
      verdict: report.verdict,
      confidence: report.confidence,
      doc_type: report.doc_type,
      report,
    });
  } catch (error) {
    const failure = describeFailure(error);
    if (failure.code === "internal_error")
      log.error("web verification failed", { verificationId: verification.id, ...errorFields(error) });
    await failWebVerification(db, verification, failure).catch((e: unknown) =>
      log.error("could not record a failed verification", { verificationId: verification.id, ...errorFields(e) }),
    );
    send("error", { verification_id: verification.id, ...failure });
  } finally {
    stopHeartbeat();
  }
}

async function cachedReport(db: Db, verification: Verification, engine: string): Promise<ForensicReport | null> {
  const hit = await db.analysisCache.findUnique({
    where: { fileSha256_mode_engine: { fileSha256: verification.fileSha256, mode: verification.mode, engine } },
  });
  return hit ? (hit.verdictJson as unknown as ForensicReport) : null;
}

async function analyse(
  db: Db,
  verification: Verification,
  bytes: Uint8Array,
  send: SendEvent,
  overrides: FusionOverrides | undefined,
): Promise<ForensicReport> {
  const report = await analyseInPool(bytes, verification.contentType, {
    mode: verification.mode,
    calibration: await currentCalibration(db),
    overrides,
    onProgress: (event) => forward(event, send),
  });
  const key = { fileSha256: verification.fileSha256, mode: verification.mode, engine: engineKey(overrides) };
  const json = report as unknown as Prisma.InputJsonValue;
  await db.analysisCache.upsert({
    where: { fileSha256_mode_engine: key },
    create: { id: newId("cache"), ...key, verdictJson: json },
    update: { verdictJson: json },
  });
  return report;
}

function forward(event: ProgressEvent, send: SendEvent): void {
  if (event.type === "progress") {
    send("progress", { stage: event.stage, message: event.message });
  } else if (event.status === "start") {
    send("stage", { stage: event.stage, status: "start", label: event.label });
  } else {
    send("stage", {
      stage: event.stage,
      status: "complete",
      label: event.label,
      duration_ms: event.duration_ms,
      details: event.details ?? {},
    });
  }
}

function describeFailure(error: unknown): VerificationFailure {
  if (error instanceof ForensicInputError || error instanceof EngineFailedError)
    return { code: error.code, message: error.message };
  if (error instanceof EngineBusyError) return { code: "engine_busy", message: error.message };
  return {
    code: "internal_error",
    message: "The analysis failed on our side. You were not charged; please try again.",
  };
}
