// Access-matrix rows of the /folders routes (spread into TABLE in
// tests/integration/access-matrix.int.test.ts). A folder is its owner's alone: everyone else,
// admins included, gets 404 for it, and never its name, applicant or documents.
import { getDb } from "../../../lib/db";
import { createFolder } from "../../../lib/folders/create-folder";
import { makeCompletedVerification } from "../holder-credentials";
import { marker } from "./fixtures";
import type { AccessRow, AppActor, AppRow, Fixture } from "./types";

const app = (row: Omit<AppRow, "family">): AppRow => ({ family: "app", ...row });

/** The owner's folder, named after a marker, holding one of the owner's verifications. */
async function ownerFolder(owner: AppActor) {
  const db = await getDb();
  const folder = await createFolder(db, owner.user.id, {
    name: marker("folder"),
    applicant_name: marker("applicant"),
    reference: marker("ref"),
  });
  const verification = await makeCompletedVerification(owner.user.id);
  await db.folderVerification.create({ data: { folderId: folder.id, verificationId: verification.id } });
  return { folder, verification, db };
}

const onFolder =
  (suffix = "", body?: (verificationId: string) => object) =>
  async (owner: AppActor): Promise<Fixture> => {
    const { folder, verification, db } = await ownerFolder(owner);
    const extra = body ? await makeCompletedVerification(owner.user.id) : null;
    return {
      path: `/folders/${folder.id}${suffix}`,
      params: { folder_id: folder.id },
      body: extra && body ? body(extra.id) : undefined,
      resourceId: folder.id,
      secrets: [folder.name, folder.applicantName!, verification.id],
      snapshot: async () => ({
        folder: await db.folder.findUnique({ where: { id: folder.id } }),
        links: await db.folderVerification.count({ where: { folderId: folder.id } }),
      }),
    };
  };

export const folderRows: Record<string, AccessRow> = {
  "GET /folders": app({
    access: "user",
    ok: 200,
    build: async (owner) => {
      const { folder } = await ownerFolder(owner);
      return { path: "/folders", secrets: [folder.id, folder.name] };
    },
  }),
  "POST /folders": app({
    access: "user",
    ok: 201,
    build: async () => ({ path: "/folders", body: { name: "Applicant 7" } }),
  }),
  "GET /folders/{folder_id}": app({ access: "user-owner", ok: 200, build: onFolder() }),
  "PATCH /folders/{folder_id}": app({
    access: "user-owner",
    ok: 200,
    invalidBody: () => ({ status: "done" }),
    build: async (owner) => ({ ...(await onFolder()(owner)), body: { status: "in_review" } }),
  }),
  "DELETE /folders/{folder_id}": app({ access: "user-owner", ok: 200, oneShot: true, build: onFolder() }),
  "POST /folders/{folder_id}/verifications": app({
    access: "user-owner",
    ok: 201,
    oneShot: true,
    invalidBody: () => ({ verification_id: "" }),
    build: onFolder("/verifications", (verificationId) => ({ verification_id: verificationId })),
  }),
  "GET /folders/{folder_id}/verifications": app({ access: "user-owner", ok: 200, build: onFolder("/verifications") }),
  "DELETE /folders/{folder_id}/verifications/{verification_id}": app({
    access: "user-owner",
    ok: 200,
    oneShot: true,
    notInSpec: "issue 17: a reviewer takes a document back out of a folder; the verification is kept",
    build: async (owner) => {
      const { folder, verification, db } = await ownerFolder(owner);
      return {
        path: `/folders/${folder.id}/verifications/${verification.id}`,
        params: { folder_id: folder.id, verification_id: verification.id },
        resourceId: folder.id,
        secrets: [folder.name],
        snapshot: () => db.folderVerification.count({ where: { folderId: folder.id } }),
      };
    },
  }),
  "GET /folders/{folder_id}/summary": app({ access: "user-owner", ok: 200, build: onFolder("/summary") }),
  "GET /folders/{folder_id}/export": app({ access: "user-owner", ok: 200, build: onFolder("/export") }),
};
