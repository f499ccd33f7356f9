// Access-matrix rows of the /gdpr routes (spread into TABLE in
// tests/integration/access-matrix.int.test.ts). Everything here is about the caller's own data:
// another user gets their own (empty) answer or 404, never the owner's.
import { expect } from "vitest";
import { getDb } from "../../../lib/db";
import { fileDispute } from "../../../lib/disputes/file-dispute";
import { appActors } from "./actors";
import { apiVerification } from "./fixtures";
import { makeCompletedVerification } from "../holder-credentials";
import { send } from "./send";
import type { RouteHandler } from "./served-routes";
import type { AccessRow, AppActor, AppRow, CustomRow, Fixture } from "./types";

const app = (row: Omit<AppRow, "family">): AppRow => ({ family: "app", ...row });

/** The owner's data: a verification whose id and file name no one else may see. */
const ownData =
  (path: string) =>
  async (owner: AppActor): Promise<Fixture> => {
    const verification = await apiVerification(owner.user.id);
    return { path, secrets: [verification.id, verification.fileName] };
  };

/**
 * POST /gdpr/delete-account erases whoever calls it, so it cannot share the generic probe (its first
 * allowed caller would be gone for the next): signed out and API tokens are refused and change
 * nothing; another user erases only themselves; the owner's call erases the owner.
 */
async function probeDeleteAccount(handler: RouteHandler): Promise<void> {
  const actors = await appActors();
  const db = await getDb();
  const owned = await makeCompletedVerification(actors.owner.user.id);
  const fixture = { path: "/gdpr/delete-account" };
  const exists = (id: string) => db.user.count({ where: { id } });

  expect((await send(handler, "POST", fixture)).status).toBe(401);
  expect((await send(handler, "POST", fixture, actors.ownerApiToken)).status).toBe(401);
  expect(await exists(actors.owner.user.id)).toBe(1);

  const other = await send(handler, "POST", fixture, actors.other.auth);
  expect(other.status).toBe(200);
  expect(other.json.id).toBe(actors.other.user.id);
  expect(other.text).not.toContain(actors.owner.user.id);
  expect(await exists(actors.other.user.id)).toBe(0);
  // The other user's browser session belonged to the account just erased: it is signed out.
  expect((await send(handler, "POST", fixture, actors.otherBrowser)).status).toBe(401);
  expect(await exists(actors.owner.user.id)).toBe(1);
  expect(await db.verification.count({ where: { id: owned.id } })).toBe(1);

  const owner = await send(handler, "POST", fixture, actors.owner.auth);
  expect(owner.status).toBe(200);
  expect(await exists(actors.owner.user.id)).toBe(0);
  expect(await db.verification.count({ where: { id: owned.id } })).toBe(0);
}

/** A pending dispute of the owner's. */
async function ownersDispute(owner: AppActor) {
  const verification = await apiVerification(owner.user.id);
  return fileDispute(await getDb(), {
    userId: owner.user.id,
    verificationId: verification.id,
    reason: "The registrar confirmed this document.",
  });
}

export const gdprRows: Record<string, AccessRow> = {
  "GET /gdpr/admin/disputes": app({
    access: "admin",
    ok: 200,
    build: async (owner) => {
      await ownersDispute(owner);
      return { path: "/gdpr/admin/disputes?status=pending&limit=50" };
    },
  }),
  "POST /gdpr/admin/disputes/{dispute_id}/resolve": app({
    access: "admin",
    ok: 200,
    oneShot: true,
    build: async (owner) => {
      const dispute = await ownersDispute(owner);
      const db = await getDb();
      return {
        path: `/gdpr/admin/disputes/${dispute.id}/resolve`,
        params: { dispute_id: String(dispute.id) },
        body: { outcome: "rejected", resolution_note: "The verdict stands." },
        snapshot: async () => (await db.dispute.findUniqueOrThrow({ where: { id: dispute.id } })).status,
      };
    },
  }),
  "GET /gdpr/my-data": app({ access: "user", ok: 200, build: ownData("/gdpr/my-data") }),
  "GET /gdpr/export": app({ access: "user", ok: 200, build: ownData("/gdpr/export?format=csv") }),
  "GET /gdpr/lookup": app({
    access: "user",
    ok: 200,
    build: async (owner) => {
      const verification = await makeCompletedVerification(owner.user.id);
      return { path: "/gdpr/lookup?holder=Jane%20Example", secrets: [verification.id] };
    },
  }),
  "POST /gdpr/delete-verification/{verification_id}": app({
    access: "user-owner",
    ok: 200,
    oneShot: true,
    build: async (owner) => {
      const verification = await apiVerification(owner.user.id);
      const db = await getDb();
      return {
        path: `/gdpr/delete-verification/${verification.id}`,
        params: { verification_id: verification.id },
        resourceId: verification.id,
        secrets: [verification.fileName],
        snapshot: () => db.verification.count({ where: { id: verification.id } }),
      };
    },
  }),
  "POST /gdpr/delete-account": {
    family: "custom",
    access: "user",
    probe: probeDeleteAccount,
  } satisfies CustomRow,
};
