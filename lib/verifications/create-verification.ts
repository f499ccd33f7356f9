// Runs one verification: test mode derives the verdict from the bytes, live mode runs the
// forensic engine. The original is stored encrypted before the row is written and removed again
// if the row cannot be written, so a failure leaves nothing half-written.
import { createHash } from "node:crypto";
import type { Db, VerificationSource } from "../db";
import type { ForensicReport } from "../forensics/types";
import { ForensicInputError } from "../forensics/types";
import { loadEnv } from "../env";
import { ApiError } from "../http/errors";
import { newId } from "../ids";
import { deleteObject, putObject } from "../storage";
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
  anonymous?: { fingerprint?: string | null; cookie?: string | null; ip?: string | null };
}

export async function createVerification(db: Db, input: CreateVerificationInput) {
  const { document } = input;
  const sha256 = createHash("sha256").update(document.bytes).digest("hex");
  const outcome = input.livemode ? await analyzeLive(document) : testOutcome(document, sha256);

  const id = newId("verification");
  const storageKey = `originals/${id}`;
  await putObject(storageKey, document.bytes);
  const retainUntil = new Date(Date.now() + loadEnv().UPLOAD_RETENTION_DAYS * 86_400_000);
  try {
    return await db.verification.create({
      data: {
        id,
        userId: input.userId,
        tokenId: input.tokenId ?? null,
        batchId: input.batchId ?? null,
        livemode: input.livemode,
        mode: document.mode,
        source: input.source,
        status: "completed",
        verdict: toDbVerdict(outcome.verdict),
        confidence: outcome.confidence,
        docType: outcome.docType,
        verdictJson: outcome.report,
        pageCount: outcome.pageCount,
        fileName: document.fileName,
        contentType: document.contentType,
        fileSize: document.bytes.byteLength,
        fileSha256: sha256,
        documentImagePath: storageKey,
        holderName: outcome.holderName,
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
  } catch (error) {
    await deleteObject(storageKey);
    throw error;
  }
}

interface Outcome {
  verdict: ForensicReport["verdict"] | "VERIFIED SAMPLE";
  confidence: number;
  docType: string;
  report: object;
  pageCount: number;
  holderName: string | null;
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

async function analyzeLive(document: DocumentInput): Promise<Outcome> {
  const { analyzeDocument } = await import("../forensics");
  try {
    const report = await analyzeDocument(document.bytes, document.contentType, { mode: document.mode });
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
      throw new ApiError("unprocessable_document", `${error.message} (${error.code})`);
    }
    throw error;
  }
}
