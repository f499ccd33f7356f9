import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { newSigningSecret, secretPrefix, signatureHeader } from "./sign";
import { verifyWebhookSignature } from "./verify-signature";

const secret = "whsec_test_secret";
const body = '{"id":"evt_1","type":"webhook.ping","data":{"emoji":"✓"}}';
const t = 1_800_000_000;
const at = (seconds: number) => new Date(seconds * 1000);

describe("signatures", () => {
  it("is HMAC-SHA256 of '<t>.<raw body>' keyed by the whole secret, as the spec and docs say", () => {
    const expected = createHmac("sha256", secret).update(`${t}.${body}`, "utf8").digest("hex");
    expect(signatureHeader(body, secret, t)).toBe(`t=${t},v1=${expected}`);
    expect(signatureHeader(Buffer.from(body, "utf8"), secret, t)).toBe(`t=${t},v1=${expected}`);
  });

  it("verifies over the raw bytes within the tolerance", () => {
    const header = signatureHeader(body, secret, t);
    expect(verifyWebhookSignature(Buffer.from(body), header, secret, { now: at(t + 299) })).toEqual({
      ok: true,
      timestamp: t,
    });
    expect(verifyWebhookSignature(body, header, secret, { now: at(t - 10) }).ok).toBe(true);
  });

  it("refuses re-serialised JSON, another secret, a changed timestamp and stale or future timestamps", () => {
    const header = signatureHeader(body, secret, t);
    const reserialised = JSON.stringify(JSON.parse(body), null, 1);
    expect(verifyWebhookSignature(reserialised, header, secret, { now: at(t) })).toEqual({
      ok: false,
      reason: "signature_mismatch",
    });
    expect(verifyWebhookSignature(body, header, "whsec_other", { now: at(t) })).toEqual({
      ok: false,
      reason: "signature_mismatch",
    });
    expect(verifyWebhookSignature(body, header.replace(`t=${t}`, `t=${t + 1}`), secret, { now: at(t) })).toEqual({
      ok: false,
      reason: "signature_mismatch",
    });
    expect(verifyWebhookSignature(body, header, secret, { now: at(t + 301) })).toEqual({
      ok: false,
      reason: "timestamp_out_of_tolerance",
    });
    expect(verifyWebhookSignature(body, header, secret, { now: at(t - 301) }).ok).toBe(false);
    expect(verifyWebhookSignature(body, header, secret, { now: at(t + 3000), toleranceSeconds: 3600 }).ok).toBe(true);
  });

  it("accepts any matching v1 among several and rejects malformed headers", () => {
    const good = signatureHeader(body, secret, t).split(",")[1];
    expect(verifyWebhookSignature(body, `t=${t},v1=${"0".repeat(64)},${good}`, secret, { now: at(t) }).ok).toBe(true);
    for (const header of [undefined, "", "v1=abc", `t=${t}`, `t=abc,${good}`, `t=${t},v1=xyz`]) {
      expect(verifyWebhookSignature(body, header, secret, { now: at(t) })).toEqual({
        ok: false,
        reason: "malformed_header",
      });
    }
  });

  it("makes unguessable whsec_ secrets and a short prefix to tell them apart", () => {
    const a = newSigningSecret();
    const b = newSigningSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(secretPrefix(a)).toBe(a.slice(0, 12));
  });
});
