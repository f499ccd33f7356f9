import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "./errors";
import { parseJsonBytes, readBodyLimited } from "./request";

const stream = (chunks: number[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const n of chunks) controller.enqueue(new Uint8Array(n));
      controller.close();
    },
  });

describe("readBodyLimited", () => {
  it("refuses a declared length over the limit before reading", async () => {
    const req = new Request("http://x/", { method: "POST", body: "x".repeat(10), headers: { "content-length": "10" } });
    await expect(readBodyLimited(req, 5)).rejects.toMatchObject({ code: "payload_too_large" });
  });

  it("stops reading a chunked body once it passes the limit", async () => {
    const req = new Request("http://x/", { method: "POST", body: stream([4, 4, 4]), duplex: "half" } as RequestInit);
    await expect(readBodyLimited(req, 10)).rejects.toBeInstanceOf(ApiError);
  });

  it("reads a body of declared length whole, and refuses one longer than it declared past the limit", async () => {
    const fits = new Request("http://x/", { method: "POST", body: "x".repeat(7), headers: { "content-length": "7" } });
    expect(await readBodyLimited(fits, 10)).toEqual(new TextEncoder().encode("xxxxxxx"));
    const lies = new Request("http://x/", { method: "POST", body: "x".repeat(12), headers: { "content-length": "7" } });
    await expect(readBodyLimited(lies, 10)).rejects.toMatchObject({ code: "payload_too_large" });
  });

  it("returns the whole body under the limit", async () => {
    const req = new Request("http://x/", { method: "POST", body: stream([3, 4]), duplex: "half" } as RequestInit);
    expect((await readBodyLimited(req, 10)).byteLength).toBe(7);
  });
});

describe("parseJsonBytes", () => {
  const schema = z.strictObject({ name: z.string() });
  const encode = (s: string) => new TextEncoder().encode(s);

  it("explains invalid JSON, unknown fields and wrong types", () => {
    expect(() => parseJsonBytes(encode("{"), schema)).toThrow(/not valid JSON/);
    expect(() => parseJsonBytes(encode('{"name":"a","extra":1}'), schema)).toThrow(/unknown field\(s\) "extra"/);
    expect(() => parseJsonBytes(encode('{"name":3}'), schema)).toThrow(/name:/);
  });
});
