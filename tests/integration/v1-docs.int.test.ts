import { describe, expect, it } from "vitest";
import { GET as markdown } from "../../app/v1/docs.md/route";
import { GET as reference } from "../../app/v1/docs/reference/route";
import { ERROR_CODES } from "../../lib/http/errors";
import { SCOPES } from "../../lib/tokens/scopes";
import { expectMatchesOpenApi, servedOpenApi } from "../helpers/openapi";

describe("GET /v1/docs.md", () => {
  it("is the full reference: every endpoint, error code, scope and the key rules", async () => {
    const res = await markdown();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/markdown/);
    await expectMatchesOpenApi("GET", "/v1/docs.md", { status: res.status, headers: res.headers });
    const text = await res.text();
    expect(text).not.toMatch(/\{\{\w+\}\}/);
    const doc = await servedOpenApi();
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const method of Object.keys(methods))
        expect(text, `${method} ${path}`).toContain(`${method.toUpperCase()} ${path}`);
    }
    for (const code of Object.keys(ERROR_CODES).filter((c) => c !== "forbidden" && c !== "conflict"))
      expect(text).toContain(`\`${code}\``);
    for (const scope of Object.keys(SCOPES)) expect(text).toContain(`\`${scope}\``);
    for (const phrase of [
      "credence-test:<VERDICT>[:<doc_type>]",
      "300 seconds",
      "Idempotency-Status: replayed",
      "starting_after",
      "X-Credits-Warning: approaching-quota",
      "Retry-After",
      "curl",
      "api_version",
      "20 MiB",
      'mode: "deep"',
      "pixel.jpeg_ghost",
      "(#forensic-reports-and-findings)",
    ]) {
      expect(text).toContain(phrase);
    }
  });
});

describe("GET /v1/docs/reference", () => {
  it("renders the same reference as self-contained HTML", async () => {
    const res = await reference();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    await expectMatchesOpenApi("GET", "/v1/docs/reference", { status: res.status, headers: res.headers });
    const html = await res.text();
    expect(html).toContain("<table>");
    expect(html).toContain('id="error-invalid_request"');
    expect(html).toContain('<h2 id="idempotency">');
    // The findings reference is a section of the same page, and links into it resolve there.
    expect(html).toContain('<h2 id="forensic-reports-and-findings">');
    expect(html).toContain('href="#forensic-reports-and-findings"');
    // Nothing loaded from elsewhere: no scripts, stylesheets, images or fonts by URL.
    expect(html).not.toMatch(/<(script|link|img|iframe)\b/i);
    expect(html).not.toMatch(/url\(/i);
  });
});
