// Runs one verification: test mode derives the verdict from the bytes, live mode runs the
// forensic engine and charges credits. The engine runs before the transaction; the row and the
// charge are written in one transaction, so a crash leaves either both or neither. The original
// is stored encrypted before that and removed again if the transaction fails.
import { createHash } from "node:crypto";
import { assertCreditsAvailable, chargeCredits } from "../credits/charge-credits";
import { creditCost } from "../credits/cost";
import { Prisma, type Db, type VerificationSource } from "../db";
import { currentCalibration } from "../calibration/current-model";
import type { CalibrationModel, ForensicReport } from "../forensics/types";
import { ForensicInputError } from "../forensics/types";
import { loadEnv } from "../env";
import { newId } from "../ids";
import { deleteObject, putObject } from "../storage";
import { notifyVerification } from "./notify-verification";
import type { DocumentInput } from "./parse-document-request";
import { testModeVerdict } from "./test-mode";
import { toDbVerdict } from "./verdicts";

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
  const { document } = input;
  const sha256 = createHash("sha256").update(document.bytes).digest("hex");
  const cost = input.livemode && input.userId ? creditCost(document.mode) : 0;
  if (cost > 0) await assertCreditsAvailable(db, input.userId!, cost);
  const outcome = input.livemode ? await analyzeLive(document, await currentCalibration(db)) : testOutcome(document, sha256);
  const charge = outcome.failure ? 0 : cost;

  const id = input.id ?? newId("verification");
  const storageKey = `originals/${id}`;
  await putObject(storageKey, document.bytes);
  const retainUntil = new Date(Date.now() + loadEnv().UPLOAD_RETENTION_DAYS * 86_400_000);
  let verification;
  try {
    verification = await db.$transaction(async (tx) => {
      const row = await tx.verification.create({
        data: {
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
          verdictJson: outcome.report ? (outcome.report as Prisma.InputJsonValue) : Prisma.DbNull,
          error: outcome.failure ?? undefined,
          pageCount: outcome.pageCount,
          fileName: document.fileName,
          contentType: document.contentType,
          fileSize: document.bytes.byteLength,
          fileSha256: sha256,
          documentImagePath: storageKey,
          holderName: outcome.holderName,
          creditsCharged: charge,
          anonymousFingerprint: input.anonymous?.fingerprint ?? null,
          anonymousCookie: input.anonymous?.cookie ?? null,
          anonymousIp: input.anonymous?.ip ?? null,
          completedAt: new Date(),
          files: {
            create: {
              id: newId("file"),
              userId: input.userId,
              kind: "original",
              storageKey,
              contentType: document.contentType,
              size: document.bytes.byteLength,
              sha256,
              retainUntil,
            },
          },
        },
      });
      if (charge > 0) await chargeCredits(tx, { userId: input.userId!, verificationId: id, credits: charge });
      await notifyVerification(tx, row);
      return row;
    });
  } catch (error) {
    await deleteObject(storageKey);
    throw error;
  }
  return verification;
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

async function analyzeLive(document: DocumentInput, calibration: CalibrationModel | undefined): Promise<Outcome> {
  const { analyzeDocument } = await import("../forensics");
  try {
    const report = await analyzeDocument(document.bytes, document.contentType, { mode: document.mode, calibration });
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
    if (error instanceof ForensicInputError) {
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
