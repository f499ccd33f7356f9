// Billing against the real HTTP Stripe stand-in: sessions, customers, the webhook loop, and the
// answers of a server without billing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as checkout } from "../../app/billing/create-checkout-session/route";
import { POST as portal } from "../../app/billing/create-portal-session/route";
import { POST as overage } from "../../app/billing/purchase-overage/route";
import { GET as status } from "../../app/billing/status/route";
import { POST as webhook } from "../../app/billing/webhook/route";
import { GET as credits } from "../../app/marketplace/credits/route";
import { POST as purchase } from "../../app/marketplace/purchase-credits/route";
import { GET as transactions } from "../../app/marketplace/transactions/route";
import { getDb } from "../../lib/db";
import { deliver, disableBilling, enableBilling } from "../helpers/billing-env";
import { call, makeSession } from "../helpers/harness";
import {
  chargeObject,
  signedDelivery,
  STAND_IN_PRICES,
  stripeEvent,
  type StripeStandIn,
} from "../helpers/stripe-stand-in";

let stripe: StripeStandIn;

async function ledgerOf(userId: string) {
  const db = await getDb();
  const [user, sum, rows] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: userId } }),
    db.creditLedgerEntry.aggregate({ where: { userId }, _sum: { delta: true } }),
    db.creditLedgerEntry.count({ where: { userId } }),
  ]);
  return { balance: user.creditBalance, sum: sum._sum.delta ?? 0, rows, user };
}

describe("without Stripe keys", () => {
  const paying: Array<[string, typeof checkout, object]> = [
    ["/billing/create-checkout-session", checkout, { plan: "pro" }],
    ["/billing/create-portal-session", portal, {}],
    ["/billing/purchase-overage", overage, {}],
    ["/marketplace/purchase-credits", purchase, { pack_id: "small" }],
  ];

  it.each(paying)("%s answers 503 billing_not_configured naming the settings", async (path, route, body) => {
    const { auth } = await makeSession({ plan: "free" });
    const res = await call(route, { method: "POST", path, headers: auth, body });
    expect(res.status).toBe(503);
    expect(res.json.code).toBe("billing_not_configured");
    expect(res.json.detail).toMatch(/STRIPE_SECRET_KEY.*STRIPE_WEBHOOK_SECRET.*STRIPE_PRICE_PRO/);
  });

  it("the webhook is refused, and status and credits still answer", async () => {
    const res = await call(webhook, { method: "POST", path: "/billing/webhook", body: "{}" });
    expect(res.status).toBe(503);
    const { auth } = await makeSession({ plan: "pro" });
    const state = await call(status, { path: "/billing/status", headers: auth });
    expect(state.status).toBe(200);
    expect(state.json).toMatchObject({ billing_enabled: false, plan: "pro", subscription: null });
    expect(state.json.plans.map((p: { purchasable: boolean }) => p.purchasable)).toEqual([false, false, false]);
    const market = await call(credits, { path: "/marketplace/credits", headers: auth });
    expect(market.json).toMatchObject({ billing_enabled: false, packs: [], credits: { remaining: 500 } });
  });
});

describe("with Stripe (stand-in)", () => {
  beforeAll(async () => {
    stripe = await enableBilling();
  });
  afterAll(async () => {
    await disableBilling(stripe);
  });

  it("creates one Stripe customer per user, even for concurrent first checkouts", async () => {
    const { user, auth } = await makeSession({ plan: "free" });
    const answers = await Promise.all(
      [0, 1, 2].map(() =>
        call(checkout, {
          method: "POST",
          path: "/billing/create-checkout-session",
          headers: auth,
          body: { plan: "pro" },
        }),
      ),
    );
    for (const res of answers) expect(res.status, res.text).toBe(200);
    const customers = [...stripe.customers.values()].filter(
      (c) => (c.metadata as { user_id: string }).user_id === user.id,
    );
    expect(customers).toHaveLength(1);
    const stored = await (await getDb()).user.findUniqueOrThrow({ where: { id: user.id } });
    expect(stored.stripeCustomerId).toBe(customers[0]!.id);
    const keys = stripe.requests.filter((r) => r.path === "/v1/customers").map((r) => r.headers["idempotency-key"]);
    expect(new Set(keys.filter((k) => k === `customer:${user.id}`)).size).toBe(1);
    // A double click opens the same session.
    expect(new Set(answers.map((a) => a.json.session_id)).size).toBe(1);
  });

  it("sends the buyer back only to our own site", async () => {
    const { auth } = await makeSession({ plan: "free" });
    const res = await call(checkout, {
      method: "POST",
      path: "/billing/create-checkout-session",
      headers: auth,
      body: { plan: "business", success_path: "/billing?welcome=1", cancel_path: "/billing" },
    });
    expect(res.status).toBe(200);
    const session = stripe.sessions.get(res.json.session_id)!;
    expect(session.success_url).toBe("http://localhost:3000/billing?welcome=1");
    expect(session.cancel_url).toBe("http://localhost:3000/billing");
    expect(session.line_items).toEqual([{ price: STAND_IN_PRICES.business, quantity: "1" }]);
    for (const evil of ["https://evil.example/x", "//evil.example", "/\\evil.example", "javascript:alert(1)"]) {
      const refused = await call(checkout, {
        method: "POST",
        path: "/billing/create-checkout-session",
        headers: auth,
        body: { plan: "pro", success_path: evil },
      });
      expect(refused.status, evil).toBe(422);
      expect(refused.json.detail[0].loc).toEqual(["body", "success_path"]);
    }
  });

  it("checkout → webhook → plan and credits; replayed 5 times, the ledger changes once", async () => {
    const { user, auth } = await makeSession({ plan: "free" });
    const before = await ledgerOf(user.id);
    const res = await call(checkout, {
      method: "POST",
      path: "/billing/create-checkout-session",
      headers: auth,
      body: { plan: "pro" },
    });
    const events = stripe.completeCheckout(res.json.session_id);
    for (const event of events) {
      const first = await deliver(event);
      expect(first.status, first.text).toBe(200);
      expect(first.json.outcome).toBe("processed");
    }
    const after = await ledgerOf(user.id);
    expect(after.user.plan).toBe("pro");
    expect(after.balance).toBe(before.balance + 500);
    expect(after.sum).toBe(after.balance);
    const replays = await Promise.all(events.flatMap((event) => [1, 2, 3, 4, 5].map(() => deliver(event))));
    for (const replay of replays) expect(replay.json.outcome).toBe("duplicate");
    expect(await ledgerOf(user.id)).toEqual(after);

    const state = await call(status, { path: "/billing/status", headers: auth });
    expect(state.json).toMatchObject({
      billing_enabled: true,
      plan: "pro",
      subscription: { status: "active", cancel_at_period_end: false, grace_until: null },
      credits: { included: 500, remaining: 500, used: 0 },
      pending_actions: [],
    });
    // Subscribing again to the same plan goes through the portal.
    const again = await call(checkout, {
      method: "POST",
      path: "/billing/create-checkout-session",
      headers: auth,
      body: { plan: "pro" },
    });
    expect(again.status).toBe(409);
    const portalRes = await call(portal, { method: "POST", path: "/billing/create-portal-session", headers: auth });
    expect(portalRes.status).toBe(200);
    expect(portalRes.json.url).toBe(`${stripe.url}/portal/${after.user.stripeCustomerId}`);
  });

  it("a portal session of a user who never paid makes their one customer", async () => {
    const { user, auth } = await makeSession({ plan: "free" });
    const res = await call(portal, { method: "POST", path: "/billing/create-portal-session", headers: auth, body: {} });
    expect(res.status).toBe(200);
    const { stripeCustomerId } = await (await getDb()).user.findUniqueOrThrow({ where: { id: user.id } });
    expect(res.json.url).toBe(`${stripe.url}/portal/${stripeCustomerId}`);
    const request = stripe.requests.findLast((r) => r.path === "/v1/billing_portal/sessions")!;
    expect(request.params.return_url).toBe("http://localhost:3000/billing");
  });

  it("buys a pack and an overage pack; credits arrive with the webhook; a refund withdraws them", async () => {
    const { user, auth } = await makeSession({ plan: "pro" });
    const market = await call(credits, { path: "/marketplace/credits", headers: auth });
    expect(market.json.packs.map((p: { id: string }) => p.id)).toEqual(["small", "large", "overage"]);
    const unknown = await call(purchase, {
      method: "POST",
      path: "/marketplace/purchase-credits",
      headers: auth,
      body: { pack_id: "huge" },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.json.detail[0].msg).toMatch(/unknown pack/);

    const bought = await call(purchase, {
      method: "POST",
      path: "/marketplace/purchase-credits",
      headers: auth,
      body: { pack_id: "small" },
    });
    expect(bought.status, bought.text).toBe(200);
    expect(bought.json.credits).toBe(200);
    const extra = await call(overage, {
      method: "POST",
      path: "/billing/purchase-overage",
      headers: auth,
      body: { quantity: 2 },
    });
    expect(extra.json.credits).toBe(200);
    expect(stripe.sessions.get(extra.json.session_id)!.line_items).toEqual([
      { price: STAND_IN_PRICES.overage, quantity: "2" },
    ]);

    const pending = await call(status, { path: "/billing/status", headers: auth });
    expect(pending.json.pending_actions).toContain("purchase_pending");
    const before = await ledgerOf(user.id);
    const [paidPack] = stripe.completeCheckout(bought.json.session_id);
    const [paidOverage] = stripe.completeCheckout(extra.json.session_id);
    for (let i = 0; i < 5; i++) {
      await deliver(paidPack!);
      await deliver(paidOverage!);
    }
    const after = await ledgerOf(user.id);
    expect(after.balance).toBe(before.balance + 400);
    expect(after.rows).toBe(before.rows + 2);

    const list = await call(transactions, { path: "/marketplace/transactions?limit=1", headers: auth });
    expect(list.json).toMatchObject({ object: "list", has_more: true });
    expect(list.json.data[0]).toMatchObject({ kind: "overage", credits: 200, status: "paid" });
    const next = await call(transactions, {
      path: `/marketplace/transactions?limit=1&starting_after=${list.json.next_cursor}`,
      headers: auth,
    });
    expect(next.json.data[0]).toMatchObject({ kind: "pack", pack: "small", amount_cents: 1900, currency: "eur" });

    // Half the pack refunded, then the rest: 100 + 100 credits withdrawn, each once.
    const session = (paidPack!.data.object as { payment_intent: string }).payment_intent;
    const half = stripeEvent("charge.refunded", chargeObject(session, 1900, 950));
    const full = stripeEvent("charge.refunded", chargeObject(session, 1900, 1900));
    await deliver(half);
    await deliver(half);
    expect((await ledgerOf(user.id)).balance).toBe(after.balance - 100);
    await deliver(full);
    const refunded = await ledgerOf(user.id);
    expect(refunded.balance).toBe(after.balance - 200);
    expect(refunded.sum).toBe(refunded.balance);
    const row = await (
      await getDb()
    ).creditPackTransaction.findUniqueOrThrow({ where: { id: bought.json.transaction_id } });
    expect(row).toMatchObject({ status: "refunded", refundedCredits: 200 });
  });

  it("a refund never takes the balance below zero, and says so on the ledger", async () => {
    const { user, auth } = await makeSession({ plan: "free" });
    const bought = await call(purchase, {
      method: "POST",
      path: "/marketplace/purchase-credits",
      headers: auth,
      body: { pack_id: "small" },
    });
    const [paid] = stripe.completeCheckout(bought.json.session_id);
    await deliver(paid!);
    const db = await getDb();
    // 150 of the 200 credits are spent.
    await db.$transaction(async (tx) => {
      const { bookCredits } = await import("../../lib/credits/book-credits");
      await bookCredits(tx, {
        userId: user.id,
        delta: -150,
        reason: "verification",
        reference: `test-spend:${user.id}`,
      });
    });
    const pi = (paid!.data.object as { payment_intent: string }).payment_intent;
    await deliver(stripeEvent("charge.refunded", chargeObject(pi, 1900, 1900)));
    const after = await ledgerOf(user.id);
    expect(after.balance).toBe(0);
    expect(after.sum).toBe(0);
    const entry = await db.creditLedgerEntry.findFirstOrThrow({ where: { userId: user.id, reason: "refund" } });
    expect(entry.delta).toBe(-50);
    expect(entry.note).toMatch(/200 credits refunded, 50 withdrawn \(150 already used\)/);
  });

  it("refuses unsigned, wrongly signed and altered events with 400", async () => {
    const event = stripeEvent("invoice.paid", { id: "in_x", object: "invoice", customer: "cus_nobody" });
    const good = signedDelivery(event);
    const cases: Array<[string, Record<string, string>, string]> = [
      ["no signature", { "content-type": "application/json" }, good.body],
      ["another secret", signedDelivery(event, "whsec_notours0000").headers, good.body],
      ["altered body", good.headers, good.body.replace("cus_nobody", "cus_somebody")],
      ["garbage header", { "stripe-signature": "t=1,v1=00" }, good.body],
    ];
    for (const [label, headers, body] of cases) {
      const res = await call(webhook, { method: "POST", path: "/billing/webhook", headers, body });
      expect(res.status, label).toBe(400);
      expect(res.json.code, label).toBe("invalid_signature");
    }
    const db = await getDb();
    expect(await db.processedStripeEvent.count({ where: { id: event.id } })).toBe(0);
    const ok = await call(webhook, {
      method: "POST",
      path: "/billing/webhook",
      headers: good.headers,
      body: good.body,
    });
    expect(ok.status).toBe(200);
    const ignored = await deliver(stripeEvent("customer.created", { id: "cus_x", object: "customer" }));
    expect(ignored.json.outcome).toBe("ignored");
  });

  it("Stripe refusing answers 503 payment_processor_unavailable with its message", async () => {
    const { auth } = await makeSession({ plan: "free" });
    stripe.failWith({ status: 400, message: "Your account cannot currently make live charges." });
    try {
      const res = await call(checkout, {
        method: "POST",
        path: "/billing/create-checkout-session",
        headers: auth,
        body: { plan: "pro" },
      });
      expect(res.status).toBe(503);
      expect(res.json.code).toBe("payment_processor_unavailable");
      expect(res.json.detail).toMatch(/cannot currently make live charges/);
    } finally {
      stripe.failWith(null);
    }
  });
});
