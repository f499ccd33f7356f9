import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "../env";
import { assertWebhookUrl, assertWebhookUrlShape, UnsafeUrlError } from "./assert-webhook-url";

afterEach(() => {
  delete process.env.FETCH_ALLOW_PRIVATE;
  resetEnvCache();
});

function allowPrivate(value: boolean) {
  process.env.FETCH_ALLOW_PRIVATE = String(value);
  resetEnvCache();
}

describe("assertWebhookUrl", () => {
  it("wants https in live mode and allows http in test mode", () => {
    expect(() => assertWebhookUrlShape("http://example.com/hook", true)).toThrow(/must use https/);
    expect(assertWebhookUrlShape("http://example.com/hook", false).hostname).toBe("example.com");
    expect(assertWebhookUrlShape("https://example.com/hook", true).protocol).toBe("https:");
  });

  it("refuses other schemes, relative URLs and credentials", () => {
    for (const url of [
      "ftp://example.com/",
      "file:///etc/passwd",
      "/hooks",
      "javascript:alert(1)",
      "https://user:pw@example.com/",
    ]) {
      expect(() => assertWebhookUrlShape(url, false), url).toThrow(UnsafeUrlError);
    }
  });

  it("refuses private, loopback and link-local targets unless the operator allows them", async () => {
    allowPrivate(false);
    for (const url of [
      "http://127.0.0.1:8080/",
      "http://[::1]/",
      "http://10.1.2.3/",
      "http://192.168.1.1/",
      "http://169.254.1.1/",
      "http://[fe80::1]/",
      "http://[::ffff:127.0.0.1]/",
      "http://localhost/",
    ]) {
      await expect(assertWebhookUrl(url, false), url).rejects.toThrow(UnsafeUrlError);
    }
    allowPrivate(true);
    await expect(assertWebhookUrl("http://127.0.0.1:8080/hooks", false)).resolves.toMatchObject({
      address: "127.0.0.1",
      family: 4,
    });
  });

  it("never reaches a cloud metadata address", async () => {
    allowPrivate(true);
    await expect(assertWebhookUrl("http://169.254.169.254/latest/meta-data", false)).rejects.toThrow(/metadata/);
  });
});
