import { describe, expect, it } from "vitest";
import { requestFingerprint } from "./request-fingerprint";

const enc = (text: string) => new TextEncoder().encode(text);

/** A multipart body as a client sends it: a new boundary every time. */
async function multipart(fields: Array<[string, string | File]>): Promise<{ type: string; body: Uint8Array }> {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  const req = new Request("http://x", { method: "POST", body: form });
  return { type: req.headers.get("content-type")!, body: new Uint8Array(await req.arrayBuffer()) };
}

const file = (text: string, name = "a.pdf") => new File([enc(text)], name, { type: "application/pdf" });

describe("requestFingerprint", () => {
  it("covers method and path", async () => {
    const body = enc('{"a":1}');
    const base = await requestFingerprint("POST", "/v1/verifications", "application/json", body);
    expect(await requestFingerprint("post", "/v1/verifications", "application/json", body)).toBe(base);
    expect(await requestFingerprint("POST", "/v1/verifications/batch", "application/json", body)).not.toBe(base);
    expect(await requestFingerprint("PUT", "/v1/verifications", "application/json", body)).not.toBe(base);
  });

  it("reads a JSON body by its value: spacing and key order do not count, values do", async () => {
    const fp = (text: string) => requestFingerprint("POST", "/v1/x", "application/json; charset=utf-8", enc(text));
    const base = await fp('{"a":1,"b":[1,{"c":2,"d":3}]}');
    expect(await fp('{ "b": [1, {"d": 3, "c": 2}], "a": 1 }')).toBe(base);
    expect(await fp('{"a":2,"b":[1,{"c":2,"d":3}]}')).not.toBe(base);
    expect(await fp('{"a":1,"b":[{"c":2,"d":3},1]}')).not.toBe(base);
  });

  it("reads a multipart upload by its fields and file bytes, not its boundary", async () => {
    const first = await multipart([
      ["file", file("credence-test:VERIFIED")],
      ["mode", "deep"],
    ]);
    const retry = await multipart([
      ["file", file("credence-test:VERIFIED")],
      ["mode", "deep"],
    ]);
    expect(retry.type).not.toBe(first.type); // a new boundary, so other bytes on the wire
    const fp = (m: { type: string; body: Uint8Array }) =>
      requestFingerprint("POST", "/v1/verifications", m.type, m.body);
    const base = await fp(first);
    expect(await fp(retry)).toBe(base);
    expect(
      await fp(
        await multipart([
          ["file", file("credence-test:REJECTED")],
          ["mode", "deep"],
        ]),
      ),
    ).not.toBe(base);
    expect(
      await fp(
        await multipart([
          ["file", file("credence-test:VERIFIED")],
          ["mode", "standard"],
        ]),
      ),
    ).not.toBe(base);
    expect(
      await fp(
        await multipart([
          ["file", file("credence-test:VERIFIED", "b.pdf")],
          ["mode", "deep"],
        ]),
      ),
    ).not.toBe(base);
  });

  it("falls back to the bytes for a malformed multipart or JSON body, and for other types", async () => {
    const broken = enc("--x\r\nnot a form");
    const a = await requestFingerprint("POST", "/v1/x", "multipart/form-data; boundary=x", broken);
    expect(await requestFingerprint("POST", "/v1/x", "multipart/form-data; boundary=x", enc("--x\r\nother"))).not.toBe(
      a,
    );
    const json = await requestFingerprint("POST", "/v1/x", "application/json", enc("{nope"));
    expect(await requestFingerprint("POST", "/v1/x", "application/json", enc("{nope "))).not.toBe(json);
    const text = await requestFingerprint("POST", "/v1/x", "text/plain", enc("a"));
    expect(await requestFingerprint("POST", "/v1/x", "text/plain", enc("b"))).not.toBe(text);
  });
});
