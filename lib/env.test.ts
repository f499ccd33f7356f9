import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env";

describe("parseEnv", () => {
  it("gives every variable a working default on a laptop", () => {
    const env = parseEnv({});
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.CREDENCE_DATA_DIR).toBe(".data");
    expect(env.MAX_UPLOAD_BYTES).toBe(20 * 1024 * 1024);
    expect(env.DEMO_SEED).toBe(true);
  });

  it("treats empty strings as unset", () => {
    expect(parseEnv({ DATABASE_URL: "", MAX_UPLOAD_BYTES: "" }).DATABASE_URL).toBeUndefined();
  });

  it("names each malformed variable and what it must be", () => {
    const attempt = () =>
      parseEnv({ DATABASE_URL: "mysql://x", MAX_UPLOAD_BYTES: "lots", CREDENCE_ENCRYPTION_KEY: "abc" });
    expect(attempt).toThrow(EnvError);
    expect(attempt).toThrow(/DATABASE_URL: must be a postgresql:\/\/ connection string/);
    expect(attempt).toThrow(/MAX_UPLOAD_BYTES/);
    expect(attempt).toThrow(/CREDENCE_ENCRYPTION_KEY: must be 64 hex characters/);
  });

  it("requires the secrets in production", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(
      /AUTH_SECRET: required in production[\s\S]*CREDENCE_ENCRYPTION_KEY: required/,
    );
    expect(
      parseEnv({ NODE_ENV: "production", AUTH_SECRET: "x".repeat(32), CREDENCE_ENCRYPTION_KEY: "a".repeat(64) })
        .NODE_ENV,
    ).toBe("production");
  });

  describe("billing", () => {
    const stripe = {
      STRIPE_SECRET_KEY: "sk_test_abc123",
      STRIPE_WEBHOOK_SECRET: "whsec_abc123",
      STRIPE_PRICE_PRO: "price_pro1",
      STRIPE_PRICE_BUSINESS: "price_biz1",
    };

    it("is off without keys and on with all of them", () => {
      expect(parseEnv({}).STRIPE_SECRET_KEY).toBeUndefined();
      expect(parseEnv(stripe).STRIPE_PRICE_PRO).toBe("price_pro1");
      expect(parseEnv({ ...stripe, STRIPE_SECRET_KEY: "rk_live_abc" }).STRIPE_SECRET_KEY).toBe("rk_live_abc");
    });

    it("checks each setting's prefix", () => {
      const attempt = () =>
        parseEnv({
          STRIPE_SECRET_KEY: "pk_test_abc",
          STRIPE_WEBHOOK_SECRET: "abc",
          STRIPE_PRICE_PRO: "prod_x",
          STRIPE_PRICE_BUSINESS: "price_ok",
        });
      expect(attempt).toThrow(/STRIPE_SECRET_KEY: must be a Stripe secret or restricted key \(sk_… or rk_…\)/);
      expect(attempt).toThrow(/STRIPE_WEBHOOK_SECRET: must be a Stripe webhook signing secret \(whsec_…\)/);
      expect(attempt).toThrow(/STRIPE_PRICE_PRO: must be a Stripe price id \(price_…\)/);
    });

    it("refuses a half-configured Stripe, naming what is missing", () => {
      expect(() => parseEnv({ STRIPE_SECRET_KEY: "sk_test_abc" })).toThrow(
        /STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set[\s\S]*STRIPE_PRICE_BUSINESS: required/,
      );
      expect(() => parseEnv({ STRIPE_PRICE_PRO: "price_x" })).toThrow(
        /STRIPE_PRICE_PRO: set, but STRIPE_SECRET_KEY is not/,
      );
    });

    it("reads the credit pack catalogue and the plans' rate limits", () => {
      const env = parseEnv({
        ...stripe,
        CREDIT_PACKS: '[{"id":"small","credits":100,"price":"price_s","amount_cents":900,"currency":"eur"}]',
        RATE_LIMIT_PRO: "5/60",
      });
      expect(env.CREDIT_PACKS[0]).toMatchObject({ id: "small", credits: 100 });
      expect(env.RATE_LIMIT_PRO).toEqual({ burst: 5, sustained: 60 });
      expect(parseEnv({}).RATE_LIMIT_BUSINESS).toEqual({ burst: 40, sustained: 3000 });
      expect(() => parseEnv({ CREDIT_PACKS: "[{" })).toThrow(/CREDIT_PACKS: must be JSON/);
      expect(() =>
        parseEnv({ CREDIT_PACKS: '[{"id":"a","credits":1,"price":"sku_1","amount_cents":1,"currency":"eur"}]' }),
      ).toThrow(/CREDIT_PACKS.0.price: must be a Stripe price id/);
      expect(() => parseEnv({ RATE_LIMIT_PRO: "fast" })).toThrow(
        /RATE_LIMIT_PRO: must be "<burst>\/<requests per minute>"/,
      );
    });
  });
});
