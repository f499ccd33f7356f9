// Access rules of routes.tsv for every route of this surface: signed-out callers are refused by
// `user` and `admin` routes, users by `admin` routes, and public routes do not reveal unknown ids.
import { describe, expect, it } from "vitest";
import * as acceptTos from "../../app/dashboard/accept-tos/route";
import * as clearCache from "../../app/dashboard/admin/clear-cache/route";
import * as createCoupon from "../../app/dashboard/admin/create-coupon/route";
import * as deleteCoupon from "../../app/dashboard/admin/delete-coupon/route";
import * as updateVerification from "../../app/dashboard/admin/update-verification/route";
import * as calibrate from "../../app/dashboard/calibrate/route";
import * as claimAnonymous from "../../app/dashboard/claim-anonymous/route";
import * as completeProfile from "../../app/dashboard/complete-profile/route";
import * as ensureTos from "../../app/dashboard/ensure-tos/route";
import * as referral from "../../app/dashboard/referral/route";
import * as stats from "../../app/dashboard/stats/route";
import * as syncUser from "../../app/dashboard/sync-user/route";
import * as tosStatus from "../../app/dashboard/tos-status/route";
import * as publicResult from "../../app/dashboard/verification/[verification_id]/route";
import * as badged from "../../app/dashboard/verification/[verification_id]/badged-document/route";
import * as pageImage from "../../app/dashboard/verification/[verification_id]/image/[page]/route";
import * as image from "../../app/dashboard/verification/[verification_id]/image/route";
import * as ogImage from "../../app/dashboard/verification/[verification_id]/og-image/route";
import * as report from "../../app/dashboard/verification/[verification_id]/report/route";
import * as history from "../../app/dashboard/verifications/route";
import * as generate from "../../app/report/generate/route";
import * as feedback from "../../app/verify/calibrate/feedback/route";
import * as status from "../../app/verify/[verification_id]/status/route";
import { call, makeSession } from "../helpers/harness";

type Handler = (req: Request, ctx: { params: Promise<never> }) => Promise<Response>;
const handler = (m: object, method: "GET" | "POST") => (m as Record<string, Handler>)[method];

const userRoutes: Array<[string, "GET" | "POST", object]> = [
  ["/dashboard/verifications", "GET", history],
  ["/dashboard/stats", "GET", stats],
  ["/dashboard/sync-user", "POST", syncUser],
  ["/dashboard/referral", "GET", referral],
  ["/dashboard/complete-profile", "POST", completeProfile],
  ["/dashboard/tos-status", "GET", tosStatus],
  ["/dashboard/accept-tos", "POST", acceptTos],
  ["/dashboard/ensure-tos", "POST", ensureTos],
  ["/dashboard/claim-anonymous", "POST", claimAnonymous],
  ["/verify/calibrate/feedback", "POST", feedback],
  ["/report/generate", "POST", generate],
];
const adminRoutes: Array<[string, object]> = [
  ["/dashboard/calibrate", calibrate],
  ["/dashboard/admin/create-coupon", createCoupon],
  ["/dashboard/admin/delete-coupon", deleteCoupon],
  ["/dashboard/admin/clear-cache", clearCache],
  ["/dashboard/admin/update-verification", updateVerification],
];
const publicRoutes: Array<[string, object, Record<string, string>]> = [
  ["/verify/{id}/status", status, {}],
  ["/dashboard/verification/{id}", publicResult, {}],
  ["/dashboard/verification/{id}/report", report, {}],
  ["/dashboard/verification/{id}/badged-document", badged, {}],
  ["/dashboard/verification/{id}/image", image, {}],
  ["/dashboard/verification/{id}/image/{page}", pageImage, { page: "1" }],
  ["/dashboard/verification/{id}/og-image", ogImage, {}],
];

describe("access rules", () => {
  it.each(userRoutes)("%s (%s) answers 401 to a signed-out caller", async (path, method, module) => {
    const res = await call(handler(module, method), { method, path, body: method === "POST" ? {} : undefined });
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ code: "authentication_required", request_id: expect.stringMatching(/^req_/) });
  });

  it.each(adminRoutes)(
    "%s answers 401 signed out and 403 to a user, and lets an admin through",
    async (path, module) => {
      const post = handler(module, "POST");
      expect((await call(post, { method: "POST", path, body: {} })).status).toBe(401);
      const user = await makeSession();
      expect((await call(post, { method: "POST", path, headers: user.auth, body: {} })).status).toBe(403);
      const admin = await makeSession({ role: "admin" });
      // Past the access check, an empty body fails validation.
      expect((await call(post, { method: "POST", path, headers: admin.auth, body: {} })).status).toBe(422);
    },
  );

  it.each(publicRoutes)("%s answers 404 for an unknown verification, signed in or not", async (path, module, extra) => {
    const get = handler(module, "GET");
    const params = { verification_id: "ver_doesnotexist", ...extra };
    expect((await call(get, { path, params: params as never })).status).toBe(404);
    const user = await makeSession();
    expect((await call(get, { path, headers: user.auth, params: params as never })).status).toBe(404);
  });
});
