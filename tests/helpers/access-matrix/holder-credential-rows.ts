// Access-matrix rows of the /holder routes of this area (spread into TABLE in
// tests/integration/access-matrix.int.test.ts). One file per area so areas are added independently.
import { getDb } from "../../../lib/db";
import { claimVerification } from "../../../lib/holder/credentials/claim-verification";
import { makeCompletedVerification, makeHolderProfile } from "../holder-credentials";
import type { AccessRow, AppActor, AppRow, Fixture } from "./types";

const app = (row: Omit<AppRow, "family">): AppRow => ({ family: "app", ...row });

/** A public profile of the owner with one claimed live VERIFIED credential (and its badge). */
async function ownedCredential(owner: AppActor) {
  const db = await getDb();
  const profile = await makeHolderProfile(owner.user.id);
  const verification = await makeCompletedVerification(owner.user.id);
  const credential = await claimVerification(db, owner.user.id, verification.id);
  return { db, profile, credential, hash: credential.badge!.hash };
}

const credentialSnapshot = (id: string) => async () =>
  (await getDb()).credential.findUnique({ where: { id }, include: { badge: true } });

export const holderCredentialRows: Record<string, AccessRow> = {
  "POST /holder/claim/{verification_id}": app({
    access: "user-owner",
    ok: 201,
    oneShot: true,
    build: async (owner): Promise<Fixture> => {
      const db = await getDb();
      // One-shot: each allowed call builds again, on the profile the first build made.
      if (!(await db.holderProfile.findUnique({ where: { userId: owner.user.id } })))
        await makeHolderProfile(owner.user.id);
      const verification = await makeCompletedVerification(owner.user.id);
      return {
        path: `/holder/claim/${verification.id}`,
        params: { verification_id: verification.id },
        resourceId: verification.id,
        snapshot: async () => (await getDb()).credential.count({ where: { verificationId: verification.id } }),
      };
    },
  }),
  "GET /holder/credentials": app({
    access: "user",
    ok: 200,
    build: async (owner) => {
      const { credential, hash } = await ownedCredential(owner);
      return { path: "/holder/credentials", secrets: [credential.id, credential.verificationId, hash] };
    },
  }),
  "PATCH /holder/credentials/{credential_id}": app({
    access: "user-owner",
    ok: 200,
    invalidBody: () => ({ category: "not-a-category" }),
    build: async (owner) => {
      const { credential, hash } = await ownedCredential(owner);
      return {
        path: `/holder/credentials/${credential.id}`,
        params: { credential_id: credential.id },
        body: { label: "Renamed degree", is_pinned: true },
        resourceId: credential.id,
        secrets: [credential.verificationId, hash],
        snapshot: credentialSnapshot(credential.id),
      };
    },
  }),
  "DELETE /holder/credentials/{credential_id}": app({
    access: "user-owner",
    ok: 200,
    oneShot: true,
    build: async (owner) => {
      const { credential, hash } = await ownedCredential(owner);
      return {
        path: `/holder/credentials/${credential.id}`,
        params: { credential_id: credential.id },
        resourceId: credential.id,
        secrets: [credential.verificationId, hash],
        snapshot: credentialSnapshot(credential.id),
      };
    },
  }),
  "POST /holder/credentials/reorder": app({
    access: "user",
    // The ids are the owner's: to anyone else they are credentials that do not exist.
    others: "not_found",
    admins: "not_found",
    ok: 200,
    build: async (owner) => {
      const { db, profile, credential } = await ownedCredential(owner);
      const second = await claimVerification(db, owner.user.id, (await makeCompletedVerification(owner.user.id)).id);
      return {
        path: "/holder/credentials/reorder",
        body: { credential_ids: [second.id, credential.id] },
        resourceId: credential.id,
        secrets: [credential.verificationId, second.verificationId],
        snapshot: async () =>
          (await getDb()).credential.findMany({
            where: { profileId: profile.id },
            select: { id: true, displayOrder: true },
          }),
      };
    },
  }),
};
