// The /v1 hot path's SQL for verifications (lib/db/hot-query.ts): reading one by owner, and storing
// a verification that charges nothing together with its original's file row and its events in one
// statement, so it is atomic without a transaction. Prisma stays the general path: this covers
// only the case with no credits to charge and no webhook endpoint to deliver to.
import type { Db, Verdict, Verification } from "../db";
import { hotQuery } from "../db/hot-query";
import { API_VERSION, type EventType } from "../events/event-types";
import { ApiError } from "../http/errors";
import { newId } from "../ids";
import type { OriginalFile } from "./original-file";

/** The column holds "VERIFIED SAMPLE" where Prisma's enum says VERIFIED_SAMPLE (@map). */
const SAMPLE_DB = "VERIFIED SAMPLE";

function fromRow(row: Verification): Verification {
  if ((row.verdict as string) === SAMPLE_DB) row.verdict = "VERIFIED_SAMPLE";
  return row;
}

function verdictColumn(verdict: Verdict | null): string | null {
  return verdict === "VERIFIED_SAMPLE" ? SAMPLE_DB : verdict;
}

export const BY_OWNER_SQL = `SELECT * FROM verifications WHERE id = $1::text AND "userId" = $2::text AND livemode = $3::boolean`;

/**
 * getVerificationOrThrow (same rule, same answer) for the /v1 read path. Takes the client, never a
 * transaction: the statement runs outside Prisma.
 */
export async function readOwnVerificationOrThrow(
  db: Db,
  id: string,
  owner: { userId: string; livemode: boolean },
): Promise<Verification> {
  const [row] = await hotQuery<Verification>(db, BY_OWNER_SQL, [id, owner.userId, owner.livemode]);
  if (!row) throw new ApiError("not_found", `No verification with id "${id}" exists for this token.`);
  return fromRow(row);
}

export const STORE_UNCHARGED_SQL = `
  WITH guard AS (
    SELECT NOT EXISTS (SELECT 1 FROM webhook_endpoints WHERE "userId" = $2::text AND livemode = $5::boolean AND enabled) AS ok
  ), v AS (
    INSERT INTO verifications (id, "userId", "tokenId", "batchId", livemode, mode, source, status, verdict, confidence, "docType",
      "verdictJson", error, "pageCount", "fileName", "contentType", "fileSize", "fileSha256", "documentImagePath", "holderName",
      "creditsCharged", "anonymousFingerprint", "anonymousCookie", "anonymousIp", "ogImageVersion", "createdAt", "completedAt")
    SELECT $1::text, $2::text, $3::text, $4::text, $5::boolean, $6::"VerificationMode", $7::"VerificationSource",
      $8::"VerificationStatus", $9::"Verdict", $10::float8, $11::text, $12::jsonb, $13::jsonb, $14::int, $15::text, $16::text,
      $17::int, $18::text, $19::text, $20::text, $21::int, $22::text, $23::text, $24::text, $25::text, $26::timestamp(3),
      $27::timestamp(3)
    FROM guard WHERE ok
    RETURNING id
  ), f AS (
    INSERT INTO stored_files (id, "userId", "verificationId", kind, "storageKey", "contentType", size, sha256, "retainUntil", "createdAt")
    SELECT $28::text, $2::text, v.id, 'original', $19::text, $16::text, $17::int, $18::text, $29::timestamp(3), $26::timestamp(3) FROM v
  ), e AS (
    INSERT INTO events (id, "userId", livemode, type, "apiVersion", data, "createdAt")
    SELECT ev.id, $2::text, $5::boolean, ev.type, $30::text, $31::jsonb, $26::timestamp(3)
    FROM v, (VALUES ($32::text, $33::text), ($34::text, $35::text)) AS ev(id, type) WHERE ev.type IS NOT NULL
  )
  SELECT id FROM v`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const jsonOrNull = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/**
 * Stores `row` (which charges nothing), its original's file row and the events of `eventTypes`
 * (data: `eventData`) in one statement. Returns false, having written nothing, when the user has an
 * enabled webhook endpoint in this mode: deliveries need the general path (lib/events/emit-event.ts).
 */
export async function storeUnchargedVerification(
  db: Db,
  row: Verification,
  file: OriginalFile,
  eventTypes: EventType[],
  eventData: Record<string, unknown>,
): Promise<boolean> {
  if (row.creditsCharged !== 0) throw new Error("storeUnchargedVerification stores verifications that charge nothing");
  if (eventTypes.length > 2) throw new Error("at most two events per verification");
  // Ids sort by creation time, but two made in the same millisecond sort at random: order them.
  const ids = eventTypes.map(() => newId("event")).sort();
  const events = [0, 1].flatMap((i) => (eventTypes[i] ? [ids[i], eventTypes[i]] : [null, null]));
  const rows = await hotQuery<{ id: string }>(db, STORE_UNCHARGED_SQL, [
    row.id,
    row.userId,
    row.tokenId,
    row.batchId,
    row.livemode,
    row.mode,
    row.source,
    row.status,
    verdictColumn(row.verdict),
    row.confidence,
    row.docType,
    jsonOrNull(row.verdictJson),
    jsonOrNull(row.error),
    row.pageCount,
    row.fileName,
    row.contentType,
    row.fileSize,
    row.fileSha256,
    row.documentImagePath,
    row.holderName,
    row.creditsCharged,
    row.anonymousFingerprint,
    row.anonymousCookie,
    row.anonymousIp,
    row.ogImageVersion,
    iso(row.createdAt),
    iso(row.completedAt),
    file.id,
    iso(file.retainUntil),
    API_VERSION,
    JSON.stringify(eventData),
    ...events,
  ]);
  return rows.length > 0;
}
