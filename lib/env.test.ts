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
});
