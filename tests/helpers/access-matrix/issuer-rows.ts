// Access-matrix rows of the /issuer-approval routes (spread into TABLE in
// tests/integration/access-matrix.int.test.ts). The owner's routes answer 404 to everyone else,
// admins included; the institution's routes are public, opened by the link's secret, and must never
// show the requester's account, the verification's id or its file name.
import { getDb } from "../../../lib/db";
import { newId } from "../../../lib/ids";
import { newSecureToken } from "../../../lib/issuers/secure-token";
import { apiVerification, marker, ownedWebVerification } from "./fixtures";
import type { AccessRow, AppActor, AppRow, Fixture } from "./types";

const app = (row: Omit<AppRow, "family">): AppRow => ({ family: "app", ...row });

/** A request of the owner's, made in the database with a secret the test knows. */
export async function ownedIssuerRequest(userId: string, verificationId?: string) {
  const db = await getDb();
  const verification = verificationId ?? (await apiVerification(userId, false)).id;
  const { token, hash } = newSecureToken();
  const email = `${marker("registrar")}@uni.example.edu`;
  const request = await db.issuerApprovalRequest.create({
    data: {
      id: newId("issuerRequest"),
      verificationId: verification,
      userId,
      tokenHash: hash,
      institutionName: marker("Institution"),
      institutionEmail: email,
      recipientDomain: "uni.example.edu",
      emailStatus: "sent",
      sentAt: new Date(),
      expiresAt: new Date(Date.now() + 86_400_000),
    },
  });
  return { token, request, verificationId: verification, email };
}

const requestBody = (verificationId: string) => ({
  verification_id: verificationId,
  institution_name: "University of Examples",
  institution_email: `${marker("records")}@uni.example.edu`,
});

/** A route about one of the owner's live credential verifications, by id in the path. */
const onVerification = (suffix: string) =>
  app({
    access: "user-owner",
    ok: 200,
    build: async (owner: AppActor): Promise<Fixture> => {
      const id = await ownedWebVerification(owner.auth);
      return { path: `/issuer-approval/${suffix}/${id}`, params: { verification_id: id }, resourceId: id };
    },
  });

/** The institution's routes: the link's secret is the capability. */
const byToken = (suffix: string, extra: Partial<AppRow> = {}, body?: object) =>
  app({
    access: "public",
    ok: 200,
    ...extra,
    build: async (owner: AppActor): Promise<Fixture> => {
      const { token, request, verificationId } = await ownedIssuerRequest(owner.user.id);
      const file = await (await getDb()).verification.findUniqueOrThrow({ where: { id: verificationId } });
      return {
        path: `/issuer-approval/${suffix}/${token}`,
        params: { secure_token: token },
        body,
        secrets: [verificationId, file.fileName ?? verificationId, request.id, request.institutionEmail],
      };
    },
  });

export const issuerRows: Record<string, AccessRow> = {
  "GET /issuer-approval/check/{verification_id}": onVerification("check"),
  "GET /issuer-approval/status/{verification_id}": onVerification("status"),
  "POST /issuer-approval/preview": app({
    access: "user",
    ok: 200,
    others: "not_found",
    admins: "not_found",
    invalidBody: (fixture) => ({ ...(fixture.body as object), institution_email: "not an address" }),
    build: async (owner) => {
      const id = await ownedWebVerification(owner.auth);
      return { path: "/issuer-approval/preview", body: requestBody(id), resourceId: id };
    },
  }),
  "POST /issuer-approval/send": app({
    access: "user",
    ok: 201,
    others: "not_found",
    admins: "not_found",
    invalidBody: (fixture) => ({ ...(fixture.body as object), institution_name: "" }),
    build: async (owner) => {
      const id = await ownedWebVerification(owner.auth);
      return {
        path: "/issuer-approval/send",
        body: requestBody(id),
        resourceId: id,
        snapshot: async () => (await getDb()).issuerApprovalRequest.count({ where: { verificationId: id } }),
      };
    },
  }),
  "GET /issuer-approval/view/{secure_token}": byToken("view"),
  "POST /issuer-approval/respond/{secure_token}": byToken(
    "respond",
    { oneShot: true },
    {
      decision: "confirm",
      responder_name: "Registrar",
    },
  ),
  "GET /issuer-approval/my-requests": app({
    access: "user",
    ok: 200,
    build: async (owner) => {
      const { request, verificationId } = await ownedIssuerRequest(owner.user.id);
      return { path: "/issuer-approval/my-requests", secrets: [request.id, request.institutionEmail, verificationId] };
    },
  }),
  "GET /issuer-approval/admin/tracker": app({
    access: "admin",
    ok: 200,
    build: async () => ({ path: "/issuer-approval/admin/tracker?page=1&page_size=20&status=pending" }),
  }),
  "GET /issuer-approval/admin/tracker/stats": app({
    access: "admin",
    ok: 200,
    build: async () => ({ path: "/issuer-approval/admin/tracker/stats" }),
  }),
};
