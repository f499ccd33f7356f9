// Coupons (credits and percent discounts, single- and multi-use, concurrency, checks, statistics)
// and referrals (validation, reward once on first payment).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as checkout } from "../../app/billing/create-checkout-session/route";
import { POST as billingRedeem } from "../../app/billing/redeem-coupon/route";
import { GET as validateReferral } from "../../app/billing/validate-referral/route";
import { GET as couponAdmin } from "../../app/coupons/admin/route";
import { GET as check } from "../../app/coupons/check/[code]/route";
import { POST as redeem } from "../../app/coupons/redeem/route";
import { POST as register } from "../../app/auth/register/route";
import { POST as completeProfile } from "../../app/dashboard/complete-profile/route";
import { POST as createCouponRoute } from "../../app/dashboard/admin/create-coupon/route";
import { POST as deleteCouponRoute } from "../../app/dashboard/admin/delete-coupon/route";
import { GET as referral } from "../../app/dashboard/referral/route";
import { POST as purchase } from "../../app/marketplace/purchase-credits/route";
import { signAppJwt } from "../../lib/auth/jwt";
import { createCoupon } from "../../lib/coupons/create-coupon";
import { getDb } from "../../lib/db";
import { resetEnvCache } from "../../lib/env";
import { deliver, disableBilling, enableBilling } from "../helpers/billing-env";
import { call, makeSession, randomEmail } from "../helpers/harness";
import type { StripeStandIn } from "../helpers/stripe-stand-in";

let admin: Awaited<ReturnType<typeof makeSession>>;
let ipCounter = 0;
/** A fresh client address per test, so the per-address limit of one test does not leak into another. */
const freshIp = () => ({ "x-forwarded-for": `198.18.40.${++ipCounter}` });

beforeAll(async () => {
  admin = await makeSession({ role: "admin" });
});

async function ledger(userId: string, reason?: "coupon" | "referral") {
  const db = await getDb();
  const user = await db.user.findUniqueOrThrow({ where: { id: userId } });
  const sum = await db.creditLedgerEntry.aggregate({ where: { userId }, _sum: { delta: true } });
  const rows = await db.creditLedgerEntry.count({ where: { userId, ...(reason && { reason }) } });
  return { balance: user.creditBalance, sum: sum._sum.delta ?? 0, rows };
}

const redeemAs = (auth: Record<string, string>, code: string, route = redeem, path = "/coupons/redeem") =>
  call(route, { method: "POST", path, headers: auth, body: { code } });

describe("coupons", () => {
  it("generates codes from an unambiguous alphabet", async () => {
    const res = await call(createCouponRoute, {
      method: "POST",
      path: "/dashboard/admin/create-coupon",
      headers: admin.auth,
      body: { bonus_verifications: 5 },
    });
    expect(res.status).toBe(201);
    expect(res.json.code).toMatch(/^CRED-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(res.json).toMatchObject({ kind: "single_use", max_redemptions: 1, percent_off: null });
    const both = await call(createCouponRoute, {
      method: "POST",
      path: "/dashboard/admin/create-coupon",
      headers: admin.auth,
      body: { bonus_verifications: 5, percent_off: 20 },
    });
    expect(both.status).toBe(422);
    expect(both.json.detail[0].msg).toMatch(/either credits .* or a discount/);
    const neither = await call(createCouponRoute, {
      method: "POST",
      path: "/dashboard/admin/create-coupon",
      headers: admin.auth,
      body: {},
    });
    expect(neither.status).toBe(422);
  });

  it("5 concurrent redemptions of one single-use code redeem it once", async () => {
    const db = await getDb();
    const coupon = await createCoupon(db, { kind: "single_use", bonusVerifications: 25, createdById: admin.user.id });
    const users = await Promise.all([0, 1, 2, 3, 4].map(() => makeSession({ plan: "free" })));
    const answers = await Promise.all(users.map((u) => redeemAs(u.auth, coupon.code.toLowerCase())));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const winner = users[answers.findIndex((a) => a.status === 200)]!;
    expect(answers.find((a) => a.status === 200)!.json).toMatchObject({ credits_granted: 25, credits_remaining: 25 });
    const stored = await db.coupon.findUniqueOrThrow({ where: { code: coupon.code } });
    expect(stored.redemptionCount).toBe(1);
    expect(await db.creditLedgerEntry.count({ where: { reason: "coupon", note: coupon.code } })).toBe(1);
    expect(await ledger(winner.user.id)).toMatchObject({ balance: 25, sum: 25 });
    expect(
      (await call(check, { path: `/coupons/check/${coupon.code}`, params: { code: coupon.code }, headers: freshIp() }))
        .json,
    ).toEqual({
      valid: false,
    });
  });

  it("one redemption per user, even concurrently; a multi-use code stops at its maximum", async () => {
    const db = await getDb();
    const coupon = await createCoupon(db, {
      kind: "multi_use",
      bonusVerifications: 10,
      maxRedemptions: 3,
      createdById: admin.user.id,
    });
    const same = await makeSession({ plan: "free" });
    const answers = await Promise.all([0, 1, 2, 3, 4].map(() => redeemAs(same.auth, coupon.code)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) expect(a.json.detail).toMatch(/already redeemed/);
    expect(await ledger(same.user.id, "coupon")).toMatchObject({ balance: 10, rows: 1 });

    // Through the billing route: the same implementation.
    const second = await makeSession({ plan: "free" });
    const viaBilling = await redeemAs(second.auth, coupon.code, billingRedeem, "/billing/redeem-coupon");
    expect(viaBilling.status).toBe(200);
    expect(viaBilling.json.credits_granted).toBe(10);
    const third = await makeSession({ plan: "free" });
    expect((await redeemAs(third.auth, coupon.code)).status).toBe(200);
    const fourth = await makeSession({ plan: "free" });
    const late = await redeemAs(fourth.auth, coupon.code);
    expect(late.status).toBe(409);
    expect(late.json.detail).toMatch(/fully redeemed/);
  });

  it("expired and deleted codes are refused; check says only valid or not", async () => {
    const db = await getDb();
    const expired = await createCoupon(db, {
      kind: "multi_use",
      bonusVerifications: 5,
      expiresAt: new Date(Date.now() - 1000),
      createdById: admin.user.id,
    });
    const live = await createCoupon(db, { kind: "multi_use", bonusVerifications: 5, createdById: admin.user.id });
    const { auth } = await makeSession({ plan: "free" });
    expect((await redeemAs(auth, expired.code)).json.detail).toMatch(/expired/);
    expect((await redeemAs(auth, "NO-SUCH-CODE")).status).toBe(404);
    const headers = freshIp();
    const valid = await call(check, { path: `/coupons/check/${live.code}`, params: { code: live.code }, headers });
    expect(valid.json).toEqual({ valid: true });
    const invalid = await call(check, {
      path: `/coupons/check/${expired.code}`,
      params: { code: expired.code },
      headers,
    });
    expect(invalid.json).toEqual({ valid: false });
    await call(deleteCouponRoute, {
      method: "POST",
      path: "/dashboard/admin/delete-coupon",
      headers: admin.auth,
      body: { code: live.code },
    });
    expect((await redeemAs(auth, live.code)).status).toBe(404);
  });

  it("checks are rate limited per address", async () => {
    const headers = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const code = `GUESS-${i}`;
      statuses.push((await call(check, { path: `/coupons/check/${code}`, params: { code }, headers })).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it("a percent coupon needs billing", async () => {
    const db = await getDb();
    const coupon = await createCoupon(db, {
      kind: "multi_use",
      bonusVerifications: 0,
      percentOff: 30,
      createdById: admin.user.id,
    });
    const { auth } = await makeSession({ plan: "free" });
    const res = await redeemAs(auth, coupon.code);
    expect(res.status).toBe(503);
    expect(res.json.code).toBe("billing_not_configured");
  });

  it("lists every code with statistics for super admins", async () => {
    const superAdmin = await makeSession({ role: "super_admin" });
    const db = await getDb();
    const coupon = await createCoupon(db, { kind: "multi_use", bonusVerifications: 7, createdById: admin.user.id });
    const { auth } = await makeSession({ plan: "free" });
    await redeemAs(auth, coupon.code);
    const res = await call(couponAdmin, { path: "/coupons/admin", headers: superAdmin.auth });
    expect(res.status).toBe(200);
    expect(res.json.data.find((c: { code: string }) => c.code === coupon.code)).toMatchObject({
      redemption_count: 1,
      credits_granted: 7,
      status: "active",
    });
    expect(res.json.totals.coupons).toBe(res.json.data.length);
    expect((await call(couponAdmin, { path: "/coupons/admin", headers: admin.auth })).status).toBe(403);
  });
});

describe("with billing", () => {
  let stripe: StripeStandIn;
  beforeAll(async () => {
    stripe = await enableBilling();
  });
  afterAll(async () => {
    await disableBilling(stripe);
  });

  it("a percent coupon discounts the next subscription checkout, once", async () => {
    const db = await getDb();
    const coupon = await createCoupon(db, {
      kind: "multi_use",
      bonusVerifications: 0,
      percentOff: 30,
      createdById: admin.user.id,
    });
    const { user, auth } = await makeSession({ plan: "free" });
    const redeemed = await redeemAs(auth, coupon.code);
    expect(redeemed.json).toMatchObject({ credits_granted: 0, percent_off: 30 });
    const session = await call(checkout, {
      method: "POST",
      path: "/billing/create-checkout-session",
      headers: auth,
      body: { plan: "pro" },
    });
    const sent = stripe.sessions.get(session.json.session_id)!;
    const created = stripe.requests.filter((r) => r.path === "/v1/coupons");
    expect(created.at(-1)!.params).toMatchObject({ percent_off: "30", duration: "once" });
    const stored = await db.coupon.findUniqueOrThrow({ where: { code: coupon.code } });
    expect(stored.stripeCouponId).toMatch(/^co_/);
    expect(sent.discounts).toEqual([{ coupon: stored.stripeCouponId }]);
    for (const event of stripe.completeCheckout(session.json.session_id)) await deliver(event);
    const redemption = await db.couponRedemption.findFirstOrThrow({ where: { userId: user.id } });
    expect(redemption.appliedAt).not.toBeNull();
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).plan).toBe("pro");
  });

  it("a referral is recorded at sign-up and rewarded once, at the first payment", async () => {
    const referrer = await makeSession({ plan: "pro" });
    const code = referrer.user.referralCode;
    const headers = freshIp();
    expect(
      (await call(validateReferral, { path: `/billing/validate-referral?code=${code}`, headers })).json,
    ).toMatchObject({
      valid: true,
      reward_on: "first_payment",
    });
    expect((await call(validateReferral, { path: "/billing/validate-referral?code=nobody", headers })).json.valid).toBe(
      false,
    );
    expect((await call(validateReferral, { path: "/billing/validate-referral", headers })).status).toBe(422);

    const email = randomEmail("referred");
    const signedUp = await call(register, {
      method: "POST",
      path: "/auth/register",
      body: { email, password: "a-long-password-1", referral_code: code },
    });
    expect(signedUp.status).toBe(201);
    const db = await getDb();
    const referred = await db.user.findUniqueOrThrow({ where: { email } });
    expect(referred.referredById).toBe(referrer.user.id);
    const auth = { authorization: `Bearer ${await signAppJwt(referred)}` };
    const before = await ledger(referrer.user.id);

    for (let i = 0; i < 2; i++) {
      const bought = await call(purchase, {
        method: "POST",
        path: "/marketplace/purchase-credits",
        headers: auth,
        body: { pack_id: "small" },
      });
      for (const event of stripe.completeCheckout(bought.json.session_id)) await deliver(event);
    }
    const after = await ledger(referrer.user.id);
    expect(after.balance).toBe(before.balance + 50);
    expect(after.sum).toBe(after.balance);
    const overview = await call(referral, { path: "/dashboard/referral", headers: referrer.auth });
    expect(overview.json).toMatchObject({
      referred_count: 1,
      rewarded_count: 1,
      credits_earned: 50,
      reward_credits: 50,
    });
  });
});

describe("referral reward on profile completion", () => {
  beforeAll(() => {
    process.env.REFERRAL_REWARD_ON = "profile_completed";
    process.env.REFERRAL_REWARD_CREDITS = "20";
    resetEnvCache();
  });
  afterAll(() => {
    delete process.env.REFERRAL_REWARD_ON;
    delete process.env.REFERRAL_REWARD_CREDITS;
    resetEnvCache();
  });

  it("rewards the referrer once when the referred account completes its profile", async () => {
    const referrer = await makeSession({ plan: "free" });
    const email = randomEmail("referred");
    await call(register, {
      method: "POST",
      path: "/auth/register",
      body: { email, password: "a-long-password-1", referral_code: referrer.user.referralCode },
    });
    const referred = await (await getDb()).user.findUniqueOrThrow({ where: { email } });
    const auth = { authorization: `Bearer ${await signAppJwt(referred)}` };
    for (let i = 0; i < 3; i++) {
      const res = await call(completeProfile, {
        method: "POST",
        path: "/dashboard/complete-profile",
        headers: auth,
        body: { name: "Referred Person" },
      });
      expect(res.status).toBe(200);
    }
    expect(await ledger(referrer.user.id, "referral")).toMatchObject({ rows: 1, balance: 20, sum: 20 });
  });
});
