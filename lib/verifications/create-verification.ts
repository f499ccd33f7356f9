// Runs one verification: test mode derives the verdict from the bytes, live mode runs the
// forensic engine and charges credits. The engine runs before anything is written; the row and the
// charge are written by one statement, so a crash leaves either both or neither. The original
// is stored encrypted before that and removed again if storing the rows fails. One path for every
// verification (API, batch; test and live; charged or not): the analysis in the engine pool
// (lib/engine), then the rows, the charge and the events in one statement
// (lib/db/statements/insert-verification.ts), with the webhook deliveries' jobs on the embedded
// queue (under Inngest they are sent after it).
import { assertCreditsAvailable } from "../credits/charge-credits";
import { quotaDepleted } from "../credits/quota-error";
import { insertVerification } from "../db/statements/insert-verification";
import { API_VERSION } from "../events/event-types";
import { inlineDeliveryJobs, queueDeliveries } from "../events/queue-deliveries";
import { creditCost } from "../credits/cost";
import { Prisma, type Db, type Verification, type VerificationSource } from "../db";
import { isUniqueViolation } from "../db/unique-violation";
import { currentCalibration } from "../calibration/current-model";
import type { CalibrationModel, ForensicReport, FusionOverrides } from "../forensics/types";
import { currentOverrides } from "../review/overrides/current-overrides";
import { ForensicInputError } from "../forensics/types";
import { analyseInPool, EngineBusyError, EngineFailedError } from "../engine";
import { engineBusy } from "./engine-busy";
import { newId } from "../ids";
import { verificationEventData, verificationEventTypes } from "./notify-verification";
import type { DocumentInput } from "./parse-document-request";
import { testModeVerdict } from "./test-mode";
import { toDbVerdict } from "./verdicts";
import { sha256Of, withStoredOriginal, type OriginalFile } from "./original-file";

export interface CreateVerificationInput {
  userId: string | null;
  tokenId?: string | null;
  livemode: boolean;
  source: VerificationSource;
  document: DocumentInput;
  batchId?: string | null;
  /** A verification id chosen by the caller (batch items fix theirs before processing). */
  id?: string;
  anonymous?: { fingerprint?: string | null; cookie?: string | null; ip?: string | null };
}

export async function createVerification(db: Db, input: CreateVerificationInput) {
  // A caller-chosen id is a reservation (a batch item, an Idempotency-Key): a run that finds it
  // taken returns that verification, so a retried run never analyses, stores or charges twice.
  if (input.id) {
    const existing = await db.verification.findUnique({ where: { id: input.id } });
    if (existing) return existing;
  }
  const { document } = input;
  const sha256 = sha256Of(document.bytes);
  const cost = input.livemode && input.userId ? creditCost(document.mode) : 0;
  if (cost > 0) await assertCreditsAvailable(db, input.userId!, cost);
  const outcome = input.livemode
    ? await analyseLive(document, await currentCalibration(db), await currentOverrides(db), input.source === "batch")
    : testOutcome(document, sha256);
  const charge = outcome.failure ? 0 : cost;

  const id = input.id ?? newId("verification");
  const now = new Date();
  return withStoredOriginal(
    id,
    document,
    async (file) => {
      const row: Verification = {
        id,
        userId: input.userId,
        tokenId: input.tokenId ?? null,
        batchId: input.batchId ?? null,
        livemode: input.livemode,
        mode: document.mode,
        source: input.source,
        status: outcome.failure ? "failed" : "completed",
        verdict: outcome.verdict ? toDbVerdict(outcome.verdict) : null,
        confidence: outcome.confidence,
        docType: outcome.docType,
        verdictJson: outcome.report as Prisma.JsonValue,
        error: outcome.failure ?? null,
        pageCount: outcome.pageCount,
        fileName: document.fileName,
        contentType: document.contentType,
        fileSize: file.size,
        fileSha256: file.sha256,
        documentImagePath: file.storageKey,
        holderName: outcome.holderName,
        creditsCharged: charge,
        anonymousFingerprint: input.anonymous?.fingerprint ?? null,
        anonymousCookie: input.anonymous?.cookie ?? null,
        anonymousIp: input.anonymous?.ip ?? null,
        ogImageVersion: null,
        createdAt: now,
        completedAt: now,
        heartbeatAt: now,
      };
      try {
        return await store(db, row, file);
      } catch (error) {
        // Another run of the same reservation stored it first (nothing of ours was written, and the
        // stored original, under the same key, is that run's document): return what it stored.
        const winner = input.id && isUniqueViolation(error) && (await db.verification.findUnique({ where: { id } }));
        if (winner) return winner;
        throw error;
      }
    },
    now,
  );
}

/** The row, its file, the credit charge and the events with their deliveries: one statement, all or nothing. */
async function store(db: Db, row: Verification, file: OriginalFile): Promise<Verification> {
  const types = verificationEventTypes(row);
  const inline = types.length > 0 ? await inlineDeliveryJobs(undefined) : null;
  const data = types.length > 0 ? verificationEventData(row) : {};
  let stored: Awaited<ReturnType<typeof insertVerification>>;
  try {
    stored = await insertVerification(db, {
      row,
      file: { id: file.id, retainUntil: file.retainUntil },
      ledgerId: newId("ledger"),
      events:
        types.length > 0
          ? {
              // Ids sort by creation time, but two made in the same millisecond sort at random: order them.
              events: types
                .map(() => newId("event"))
                .sort()
                .map((id, i) => ({
                  id,
                  type: types[i],
                  userId: row.userId!,
                  livemode: row.livemode,
                  apiVersion: API_VERSION,
                  data,
                  createdAt: row.createdAt,
                  deliveryIdStem: newId("delivery"),
                })),
              jobs: inline?.jobs,
            }
          : null,
    });
  } catch (error) {
    inline?.failed();
    throw error;
  }
  if (!stored.stored) {
    inline?.failed();
    const user = await db.user.findUniqueOrThrow({ where: { id: row.userId! }, select: { creditsResetAt: true } });
    throw quotaDepleted(user, row.creditsCharged);
  }
  if (inline) inline.written(row.createdAt, stored);
  else await queueDeliveries(undefined, stored.deliveries, row.createdAt);
  return row;
}

interface Outcome {
  verdict: ForensicReport["verdict"] | "VERIFIED SAMPLE" | null;
  confidence: number | null;
  docType: string | null;
  report: object | null;
  pageCount: number;
  holderName: string | null;
  /** Set when the engine refused the document: the verification is stored as failed, uncharged. */
  failure?: { code: string; message: string };
}

function testOutcome(document: DocumentInput, sha256: string): Outcome {
  const result = testModeVerdict(document.bytes, sha256);
  return {
    verdict: result.verdict,
    confidence: result.confidence,
    docType: result.docType,
    pageCount: 1,
    holderName: null,
    report: {
      test_mode: true,
      summary: result.triggered
        ? `Test mode: verdict ${result.verdict} requested by the document's credence-test: prefix. No analysis ran.`
        : `Test mode: verdict ${result.verdict} from the last byte of the document's SHA-256 (mod 4). No analysis ran.`,
      sha256,
      findings: [],
    },
  };
}

async function analyseLive(
  document: DocumentInput,
  calibration: CalibrationModel | undefined,
  overrides: FusionOverrides | undefined,
  background: boolean,
): Promise<Outcome> {
  try {
    const report = await analyseInPool(document.bytes, document.contentType, {
      mode: document.mode,
      calibration,
      overrides,
      background,
    });
    const holder = report.fields.holder_name;
    return {
      verdict: report.verdict,
      confidence: report.confidence,
      docType: report.doc_type,
      report,
      pageCount: report.page_count,
      holderName: typeof holder === "string" ? holder : null,
    };
  } catch (error) {
    if (error instanceof EngineBusyError) throw engineBusy(error);
    if (error instanceof ForensicInputError || error instanceof EngineFailedError) {
      return {
        verdict: null,
        confidence: null,
        docType: null,
        report: null,
        pageCount: 0,
        holderName: null,
        failure: { code: error.code, message: error.message },
      };
    }
    throw error;
  }
}
