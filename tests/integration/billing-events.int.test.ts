// The webhook's handlers one by one (subscription changes, renewals, failed payments with grace
// then downgrade), and the ledger invariant after a long random sequence of billing events.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as status } from "../../app/billing/status/route";
import { expireDueGraces } from "../../lib/billing/expire-due-graces";
import { bookCredits } from "../../lib/credits/book-credits";
import { getDb } from "../../lib/db";
import { newId } from "../../lib/ids";
import { deliver, disableBilling, enableBilling } from "../helpers/billing-env";
import { call, makeSession, makeUser } from "../helpers/harness";
import {
  chargeObject,
  invoiceObject,
  STAND_IN_PRICES,
  stripeEvent,
  subscriptionObject,
  type StripeStandIn,
} from "../helpers/stripe-stand-in";

let stripe: StripeStandIn;
beforeAll(async () => {
  stripe = await enableBilling();
});
afterAll(async () => {
  await disableBilling(stripe);
});

const DAY = 86_400;
const nowS = () => Math.floor(Date.now() / 1000);

async function customerFor(userId: string) {
  const customer = `cus_${newId("user").slice(4)}`;
  await (await getDb()).user.update({ where: { id: userId }, data: { stripeCustomerId: customer } });
  return customer;
}

async function account(userId: string) {
  const db = await getDb();
  const user = await db.user.findUniqueOrThrow({ where: { id: userId } });
  const sum = await db.creditLedgerEntry.aggregate({ where: { userId }, _sum: { delta: true } });
  return { user, sum: sum._sum.delta ?? 0 };
}

describe("subscription events", () => {
  it("follows plan changes, cancellation at period end and the end of the subscription", async () => {
    const { user, auth } = await makeSession({ plan: "free" });
    const customer = await customerFor(user.id);
    const sub = subscriptionObject(customer, STAND_IN_PRICES.pro);
    await deliver(stripeEvent("customer.subscription.created", sub));
    expect((await account(user.id)).user).toMatchObject({
      plan: "pro",
      creditBalance: 500,
      stripeSubscriptionId: sub.id,
    });

    const upgraded = subscriptionObject(customer, STAND_IN_PRICES.business, {}, "active", { id: sub.id });
    await deliver(stripeEvent("customer.subscription.updated", upgraded));
    expect((await account(user.id)).user).toMatchObject({ plan: "business", creditBalance: 5000 });

    const cancelling = subscriptionObject(customer, STAND_IN_PRICES.business, {}, "active", {
      id: sub.id,
      cancelAtPeriodEnd: true,
    });
    await deliver(stripeEvent("customer.subscription.updated", cancelling));
    const state = await call(status, { path: "/billing/status", headers: auth });
    expect(state.json.subscription.cancel_at_period_end).toBe(true);
    expect(state.json.pending_actions).toContain("subscription_ends");

    // News of an older subscription does not undo the current one.
    await deliver(stripeEvent("customer.subscription.deleted", subscriptionObject(customer, STAND_IN_PRICES.pro)));
    expect((await account(user.id)).user.plan).toBe("business");

    await deliver(stripeEvent("customer.subscription.deleted", cancelling));
    const ended = await account(user.id);
    expect(ended.user).toMatchObject({ plan: "free", stripeSubscriptionId: null, subscriptionStatus: "canceled" });
    expect(ended.user.creditBalance).toBe(0);
    expect(ended.sum).toBe(ended.user.creditBalance);
  });

  it("ignores a subscription event that Stripe created before the last one applied (out-of-order delivery)", async () => {
    const user = await makeUser({ plan: "free" });
    const customer = await customerFor(user.id);
    const sub = subscriptionObject(customer, STAND_IN_PRICES.pro);
    const t = nowS() - 600;
    await deliver(stripeEvent("customer.subscription.created", sub, t));
    const ended = subscriptionObject(customer, STAND_IN_PRICES.pro, {}, "canceled", { id: sub.id });
    await deliver(stripeEvent("customer.subscription.deleted", ended, t + 120));
    expect((await account(user.id)).user.plan).toBe("free");

    // An "updated" sent between the two, delivered last: the subscription stays ended.
    const late = subscriptionObject(customer, STAND_IN_PRICES.pro, {}, "active", {
      id: sub.id,
      cancelAtPeriodEnd: true,
    });
    await deliver(stripeEvent("customer.subscription.updated", late, t + 60));
    const after = await account(user.id);
    expect(after.user).toMatchObject({ plan: "free", subscriptionStatus: "canceled", stripeSubscriptionId: null });
    expect(after.sum).toBe(after.user.creditBalance);

    // A new subscription afterwards is news, whatever its id.
    await deliver(
      stripeEvent("customer.subscription.created", subscriptionObject(customer, STAND_IN_PRICES.pro), t + 180),
    );
    expect((await account(user.id)).user.plan).toBe("pro");
  });

  it("a renewal resets the credits of the new period, once", async () => {
    const user = await makeUser({ plan: "pro" });
    const customer = await customerFor(user.id);
    await (
      await getDb()
    ).$transaction((tx) =>
      bookCredits(tx, { userId: user.id, delta: -420, reason: "verification", reference: `spend:${user.id}` }),
    );
    const renewal = stripeEvent("invoice.paid", invoiceObject(customer, "sub_x", "subscription_cycle", 2900));
    for (let i = 0; i < 5; i++) await deliver(renewal);
    const after = await account(user.id);
    expect(after.user.creditBalance).toBe(500);
    expect(after.sum).toBe(500);
    const period = (renewal.data.object as { lines: { data: Array<{ period: { end: number } }> } }).lines.data[0]!
      .period;
    expect(after.user.creditsResetAt.getTime()).toBe(period.end * 1000 + DAY * 1000);
  });

  it("a failed payment opens a grace period; a failure after it downgrades to free", async () => {
    const { user, auth } = await makeSession({ plan: "free" });
    const customer = await customerFor(user.id);
    await deliver(stripeEvent("customer.subscription.created", subscriptionObject(customer, STAND_IN_PRICES.pro)));
    const invoice = invoiceObject(customer, "sub_x", "subscription_cycle", 0);
    const failedAt = nowS() - 10 * DAY;
    await deliver(stripeEvent("invoice.payment_failed", invoice, failedAt));
    let state = await account(user.id);
    expect(state.user.plan).toBe("pro");
    expect(state.user.paymentGraceUntil!.getTime()).toBe((failedAt + 7 * DAY) * 1000);
    // A retry failing inside the grace period changes nothing.
    await deliver(stripeEvent("invoice.payment_failed", invoice, failedAt + 3 * DAY));
    expect((await account(user.id)).user.plan).toBe("pro");
    // The retry after the grace period downgrades.
    await deliver(stripeEvent("invoice.payment_failed", invoice, failedAt + 8 * DAY));
    state = await account(user.id);
    expect(state.user).toMatchObject({ plan: "free", subscriptionStatus: "unpaid", creditBalance: 0 });
    expect(state.sum).toBe(0);

    // A payment made later restores nothing by itself (the subscription events do), but ends the grace.
    await deliver(stripeEvent("invoice.paid", invoiceObject(customer, "sub_x", "subscription_cycle", 2900)));
    const res = await call(status, { path: "/billing/status", headers: auth });
    expect(res.json.subscription.grace_until).toBeNull();
  });

  it("reading the status applies a lapsed grace period", async () => {
    const { user, auth } = await makeSession({ plan: "free" });
    const customer = await customerFor(user.id);
    await deliver(stripeEvent("customer.subscription.created", subscriptionObject(customer, STAND_IN_PRICES.business)));
    await deliver(
      stripeEvent("invoice.payment_failed", invoiceObject(customer, null, "subscription_cycle", 0), nowS() - 3 * DAY),
    );
    let res = await call(status, { path: "/billing/status", headers: auth });
    expect(res.json.plan).toBe("business");
    expect(res.json.pending_actions).toContain("update_payment_method");
    await (
      await getDb()
    ).user.update({ where: { id: user.id }, data: { paymentGraceUntil: new Date(Date.now() - 1000) } });
    res = await call(status, { path: "/billing/status", headers: auth });
    expect(res.json.plan).toBe("free");
    const after = await account(user.id);
    expect(after.sum).toBe(after.user.creditBalance);
  });
});

describe("the hourly grace sweep", () => {
  it("moves an account whose grace lapsed to free without anyone reading it, and leaves one in grace", async () => {
    const db = await getDb();
    const lapsed = await makeUser({ plan: "free" });
    const inGrace = await makeUser({ plan: "free" });
    for (const user of [lapsed, inGrace]) {
      const customer = await customerFor(user.id);
      await deliver(stripeEvent("customer.subscription.created", subscriptionObject(customer, STAND_IN_PRICES.pro)));
      await deliver(stripeEvent("invoice.payment_failed", invoiceObject(customer, null, "subscription_cycle", 0)));
    }
    await db.user.update({ where: { id: lapsed.id }, data: { paymentGraceUntil: new Date(Date.now() - 1000) } });

    expect(await expireDueGraces(db)).toBeGreaterThanOrEqual(1);
    const after = await account(lapsed.id);
    expect(after.user).toMatchObject({ plan: "free", subscriptionStatus: "unpaid" });
    expect(after.sum).toBe(after.user.creditBalance);
    expect((await account(inGrace.id)).user.plan).toBe("pro");
    // Run again: nothing left to do for these accounts.
    await expireDueGraces(db);
    expect((await account(lapsed.id)).user.plan).toBe("free");
    expect((await account(inGrace.id)).user.plan).toBe("pro");
  });
});

/** mulberry32: a small seeded generator, so a failing sequence can be replayed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("the ledger invariant", () => {
  it("every balance equals its ledger's sum after 500 random billing events", { timeout: 240_000 }, async () => {
    const seed = Number(process.env.BILLING_SEED ?? Date.now() % 1_000_000);
    const rand = random(seed);
    const pick = <T>(items: T[]): T => items[Math.floor(rand() * items.length)]!;
    const db = await getDb();
    const users = await Promise.all([0, 1, 2, 3, 4].map(() => makeUser({ plan: "free" })));
    const customers = await Promise.all(users.map((u) => customerFor(u.id)));
    const subs = users.map(() => `sub_${newId("user").slice(4)}`);
    const paidIntents: string[] = [];
    const sent: ReturnType<typeof stripeEvent>[] = [];
    const prices = [STAND_IN_PRICES.pro, STAND_IN_PRICES.business];
    const statuses = ["active", "active", "trialing", "past_due", "incomplete", "canceled", "unpaid"];

    const makeEvent = async (i: number) => {
      const u = Math.floor(rand() * users.length);
      const customer = customers[u]!;
      const user = users[u]!;
      const at = nowS() - 20 * DAY + i * 3600;
      switch (Math.floor(rand() * 8)) {
        case 0:
        case 1: {
          const type = pick(["customer.subscription.created", "customer.subscription.updated"]);
          const sub = subscriptionObject(customer, pick(prices), {}, pick(statuses), {
            id: rand() < 0.8 ? subs[u] : undefined,
            cancelAtPeriodEnd: rand() < 0.2,
          });
          return stripeEvent(type, sub, at);
        }
        case 2:
          return stripeEvent(
            "customer.subscription.deleted",
            subscriptionObject(customer, pick(prices), {}, "canceled", { id: subs[u] }),
            at,
          );
        case 3:
          return stripeEvent(
            "invoice.paid",
            invoiceObject(customer, subs[u]!, pick(["subscription_cycle", "subscription_create"]), 2900),
            at,
          );
        case 4:
          return stripeEvent("invoice.payment_failed", invoiceObject(customer, subs[u]!, "subscription_cycle", 0), at);
        case 5: {
          const transaction = await db.creditPackTransaction.create({
            data: {
              id: newId("packTransaction"),
              userId: user.id,
              pack: "small",
              credits: 200,
              amountCents: 1900,
              currency: "eur",
            },
          });
          const intent = `pi_${transaction.id}`;
          paidIntents.push(intent);
          return stripeEvent(
            "checkout.session.completed",
            {
              id: `cs_${transaction.id}`,
              object: "checkout.session",
              mode: "payment",
              payment_status: "paid",
              customer,
              payment_intent: intent,
              metadata: { user_id: user.id, transaction_id: transaction.id },
            },
            at,
          );
        }
        case 6:
          if (paidIntents.length === 0) return null;
          return stripeEvent("charge.refunded", chargeObject(pick(paidIntents), 1900, pick([475, 950, 1900])), at);
        default:
          // Usage between events: credits spent (overage may take the balance below zero).
          await db.$transaction((tx) =>
            bookCredits(tx, {
              userId: user.id,
              delta: -Math.floor(rand() * 300),
              reason: "verification",
              reference: `spend:${newId("ledger")}`,
            }),
          );
          return null;
      }
    };

    let delivered = 0;
    for (let i = 0; delivered < 500; i++) {
      const replay = sent.length > 0 && rand() < 0.15;
      const event = replay ? pick(sent) : await makeEvent(i);
      if (!event) continue;
      const res = await deliver(event);
      expect(res.status, `seed ${seed}, event ${i} ${event.type}: ${res.text}`).toBe(200);
      if (replay) expect(res.json.outcome, `seed ${seed}: a replay was processed again`).toBe("duplicate");
      else sent.push(event);
      delivered++;
    }
    for (const user of users) {
      const { user: row, sum } = await account(user.id);
      expect(row.creditBalance, `seed ${seed}: ${user.id}`).toBe(sum);
    }
    expect(await db.processedStripeEvent.count({ where: { id: { in: sent.map((e) => e.id) } } })).toBe(sent.length);
  });
});
