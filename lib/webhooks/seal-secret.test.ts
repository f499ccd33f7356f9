import { describe, expect, it } from "vitest";
import { openSecret, sealSecret } from "./seal-secret";

describe("sealed webhook secrets", () => {
  it("opens what it sealed, each seal of the same secret being another value", () => {
    const sealed = sealSecret("whsec_one");
    expect(sealed).not.toContain("whsec_one");
    expect(openSecret(sealed)).toBe("whsec_one");
    expect(openSecret(sealed)).toBe("whsec_one");
    const again = sealSecret("whsec_one");
    expect(again).not.toBe(sealed);
    expect(openSecret(again)).toBe("whsec_one");
  });

  it("opens every secret right past the ones it keeps opened", () => {
    const secrets = Array.from({ length: 300 }, (_, i) => `whsec_${i}`);
    const sealed = secrets.map(sealSecret);
    expect(sealed.map(openSecret)).toEqual(secrets);
    expect(sealed.map(openSecret).reverse()).toEqual([...secrets].reverse());
  });

  it("refuses a value that was not sealed with the application key", () => {
    const sealed = Buffer.from(sealSecret("whsec_x"), "base64");
    sealed[sealed.length - 1] ^= 1;
    expect(() => openSecret(sealed.toString("base64"))).toThrow();
  });
});
