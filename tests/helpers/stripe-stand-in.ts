// A real local HTTP stand-in for the Stripe endpoints Credence uses (customers, checkout sessions,
// billing portal sessions, coupons), for integration tests and the e2e. The app's Stripe SDK is
// pointed at it with STRIPE_API_URL (host/port/protocol of the SDK). It speaks Stripe's wire format:
// form-encoded bodies with bracketed keys, bearer secret key, Idempotency-Key replays, Stripe's
// error envelope. It also plays Stripe's side of the loop: completing a checkout yields the events
// Stripe would send, signed with the SDK's generateTestHeaderString.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export const STAND_IN_SECRET_KEY = "sk_test_standin0123456789abcdef";
export const STAND_IN_WEBHOOK_SECRET = "whsec_standin0123456789abcdef";
export const STAND_IN_PRICES = {
  pro: "price_pro0standin",
  business: "price_business0standin",
  overage: "price_overage0standin",
  small: "price_small0standin",
  large: "price_large0standin",
};

type Params = Record<string, unknown>;

export interface StripeRequest {
  method: string;
  path: string;
  params: Params;
  headers: IncomingHttpHeaders;
}

/** Decodes Stripe's form encoding: `a[b][0][c]=1` → { a: { b: [ { c: "1" } ] } }. */
export function decodeForm(body: string): Params {
  const root: Params = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const key = Array.isArray(node) ? Number(part) : part;
      const container = node as Record<string | number, unknown>;
      if (last) {
        container[key] = value;
        return;
      }
      container[key] ??= /^\d+$/.test(parts[i + 1]!) ? [] : {};
      node = container[key] as Record<string, unknown> | unknown[];
    });
  }
  return root;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);

export interface StripeStandIn {
  url: string;
  /** Environment for the app: keys, prices, packs and STRIPE_API_URL. */
  env: Record<string, string>;
  requests: StripeRequest[];
  customers: Map<string, Params>;
  sessions: Map<string, Params>;
  /** Answer every request with this Stripe error (simulate an outage), or null. */
  failWith: (error: { status: number; message: string } | null) => void;
  /** The events Stripe sends when the buyer pays the session `sessionId`. */
  completeCheckout: (sessionId: string) => Stripe.Event[];
  close: () => Promise<void>;
}

export interface StandInOptions {
  /** Listen here (the e2e server is configured before the spec starts the stand-in); default: any free port. */
  port?: number;
  /**
   * Where the browser's "payment" delivers Stripe's events: GET /pay/<session> (the session's url)
   * sends them, signed, to this webhook URL and then redirects to the session's success_url.
   */
  webhookUrl?: string;
}

export async function startStripeStandIn(options: StandInOptions = {}): Promise<StripeStandIn> {
  const requests: StripeRequest[] = [];
  const customers = new Map<string, Params>();
  const sessions = new Map<string, Params>();
  const coupons = new Map<string, Params>();
  const idempotent = new Map<string, { body: string; status: number; answer: unknown }>();
  let failure: { status: number; message: string } | null = null;

  const routes: Record<string, (params: Params) => Params> = {
    "POST /v1/customers": (params) => {
      const customer = { id: id("cus"), object: "customer", created: now(), ...params };
      customers.set(customer.id, customer);
      return customer;
    },
    "POST /v1/coupons": (params) => {
      const coupon = {
        id: id("co"),
        object: "coupon",
        valid: true,
        ...params,
        percent_off: Number(params.percent_off),
      };
      coupons.set(coupon.id, coupon);
      return coupon;
    },
    "POST /v1/checkout/sessions": (params) => {
      if (!customers.has(String(params.customer)))
        throw new StandInError(400, `No such customer: '${params.customer}'`);
      const sessionId = id("cs_test");
      const session = {
        id: sessionId,
        object: "checkout.session",
        created: now(),
        status: "open",
        payment_status: "unpaid",
        url: `${url}/pay/${sessionId}`,
        subscription: null,
        payment_intent: null,
        ...params,
      };
      sessions.set(sessionId, session);
      return session;
    },
    "POST /v1/billing_portal/sessions": (params) => {
      if (!customers.has(String(params.customer)))
        throw new StandInError(400, `No such customer: '${params.customer}'`);
      return { id: id("bps"), object: "billing_portal.session", url: `${url}/portal/${params.customer}`, ...params };
    },
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const path = (req.url ?? "/").split("?")[0]!;
      if (req.method === "GET" && path.startsWith("/pay/")) return void pay(path.slice(5), res);
      if (req.method === "GET" && path.startsWith("/portal/")) {
        res.writeHead(200, { "content-type": "text/html" });
        return void res.end("<!doctype html><title>Customer portal (Stripe stand-in)</title><h1>Customer portal</h1>");
      }
      const params = decodeForm(raw);
      requests.push({ method: req.method ?? "GET", path, params, headers: req.headers });
      const send = (status: number, answer: unknown) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
        res.end(JSON.stringify(answer));
      };
      if (req.headers.authorization !== `Bearer ${STAND_IN_SECRET_KEY}`) {
        return send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided." } });
      }
      if (failure) return send(failure.status, { error: { type: "api_error", message: failure.message } });
      const route = routes[`${req.method} ${path}`];
      if (!route)
        return send(404, {
          error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${path}).` },
        });
      const key = req.headers["idempotency-key"];
      const replay = typeof key === "string" ? idempotent.get(key) : undefined;
      if (replay) {
        if (replay.body !== raw) {
          return send(400, {
            error: {
              type: "idempotency_error",
              message: "Keys for idempotent requests can only be used with the same parameters.",
            },
          });
        }
        return send(replay.status, replay.answer);
      }
      let status = 200;
      let answer: unknown;
      try {
        answer = route(params);
      } catch (error) {
        if (!(error instanceof StandInError)) throw error;
        status = error.status;
        answer = { error: { type: "invalid_request_error", message: error.message } };
      }
      if (typeof key === "string") idempotent.set(key, { body: raw, status, answer });
      send(status, answer);
    });
  });
  /** The buyer pays: Stripe's events reach the app's webhook, then the browser returns to our site. */
  const pay = async (sessionId: string, res: import("node:http").ServerResponse) => {
    try {
      if (!options.webhookUrl) throw new Error("the stand-in was started without a webhookUrl");
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      for (const event of completeCheckout(sessionId)) {
        const { body, headers } = signedDelivery(event);
        const answer = await fetch(options.webhookUrl, { method: "POST", headers, body });
        if (!answer.ok) throw new Error(`the webhook answered ${answer.status}: ${await answer.text()}`);
      }
      res.writeHead(303, { location: String(session.success_url) });
      res.end();
    } catch (error) {
      res.writeHead(500, { "content-type": "text/plain" });
      res.end(String(error));
    }
  };
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const completeCheckout = (sessionId: string): Stripe.Event[] => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const metadata = (session.metadata ?? {}) as Record<string, string>;
    const items = (session.line_items ?? []) as Array<{ price: string; quantity: string }>;
    const customer = String(session.customer);
    if (session.mode === "subscription") {
      const subscription = subscriptionObject(customer, items[0]!.price, { user_id: metadata.user_id ?? "" });
      const paid = { ...session, status: "complete", payment_status: "paid", subscription: subscription.id };
      sessions.set(sessionId, paid);
      return [
        stripeEvent("checkout.session.completed", paid),
        stripeEvent("customer.subscription.created", subscription),
        stripeEvent("invoice.paid", invoiceObject(customer, subscription.id, "subscription_create", 2900)),
      ];
    }
    const paymentIntent = id("pi");
    const paid = { ...session, status: "complete", payment_status: "paid", payment_intent: paymentIntent };
    sessions.set(sessionId, paid);
    return [stripeEvent("checkout.session.completed", paid)];
  };

  return {
    url,
    env: standInEnv(url),
    requests,
    customers,
    sessions,
    failWith: (error) => {
      failure = error;
    },
    completeCheckout,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The app's configuration for billing against a stand-in at `url`. */
export function standInEnv(url: string): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
    STRIPE_PRICE_PRO: STAND_IN_PRICES.pro,
    STRIPE_PRICE_BUSINESS: STAND_IN_PRICES.business,
    STRIPE_PRICE_OVERAGE: STAND_IN_PRICES.overage,
    OVERAGE_PACK_CREDITS: "100",
    CREDIT_PACKS: JSON.stringify([
      {
        id: "small",
        name: "200 verifications",
        credits: 200,
        price: STAND_IN_PRICES.small,
        amount_cents: 1900,
        currency: "eur",
      },
      {
        id: "large",
        name: "1000 verifications",
        credits: 1000,
        price: STAND_IN_PRICES.large,
        amount_cents: 7900,
        currency: "eur",
      },
    ]),
    STRIPE_API_URL: url,
  };
}

class StandInError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** An event as Stripe delivers it (API version of the SDK). */
export function stripeEvent(type: string, object: object, created = now()): Stripe.Event {
  return {
    id: id("evt"),
    object: "event",
    api_version: Stripe.API_VERSION,
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  } as unknown as Stripe.Event;
}

export function subscriptionObject(
  customer: string,
  price: string,
  metadata: Record<string, string> = {},
  status = "active",
  options: { id?: string; cancelAtPeriodEnd?: boolean; periodEnd?: number } = {},
) {
  const periodEnd = options.periodEnd ?? now() + 30 * 86400;
  return {
    id: options.id ?? id("sub"),
    object: "subscription",
    customer,
    status,
    metadata,
    cancel_at_period_end: options.cancelAtPeriodEnd ?? false,
    items: {
      object: "list",
      data: [
        {
          id: id("si"),
          object: "subscription_item",
          price: { id: price, object: "price" },
          current_period_start: periodEnd - 30 * 86400,
          current_period_end: periodEnd,
        },
      ],
    },
  };
}

export function invoiceObject(
  customer: string,
  subscription: string | null,
  billingReason: string,
  amountPaid: number,
) {
  const start = now();
  return {
    id: id("in"),
    object: "invoice",
    customer,
    billing_reason: billingReason,
    amount_paid: amountPaid,
    metadata: {},
    parent: subscription ? { type: "subscription_details", subscription_details: { subscription } } : null,
    lines: { object: "list", data: [{ id: id("il"), period: { start, end: start + 30 * 86400 } }] },
  };
}

export function chargeObject(paymentIntent: string, amount: number, amountRefunded: number) {
  return {
    id: id("ch"),
    object: "charge",
    amount,
    amount_refunded: amountRefunded,
    refunded: amount === amountRefunded,
    payment_intent: paymentIntent,
  };
}

/** The body and headers of a webhook delivery, signed as Stripe signs it. */
export function signedDelivery(event: Stripe.Event, secret = STAND_IN_WEBHOOK_SECRET) {
  const body = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret });
  return { body, headers: { "stripe-signature": signature, "content-type": "application/json" } };
}
