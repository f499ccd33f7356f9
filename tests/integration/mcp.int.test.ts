// POST /mcp through the production server front with the SDK's own client: every tool, resource and
// prompt, the /v1 wrapper's steps (token, mode, scopes, credits, usage) and errors carrying the /v1
// code and request id. The engine pool runs the fast stand-in worker (live mode is about credits).
import path from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../lib/db";
import { closeEnginePool, configureEnginePool } from "../../lib/engine";
import { flushUsage } from "../../lib/usage/record-usage";
import { makeToken } from "../helpers/harness";
import { connectMcp, startAppServer } from "../helpers/mcp-client";

const STAND_IN = path.resolve(__dirname, "../fixtures/engine-stand-in-worker.mjs");
let server: Awaited<ReturnType<typeof startAppServer>>;

beforeAll(async () => {
  await configureEnginePool({ workers: 1, queue: 8, deadlineMs: 60_000, filename: STAND_IN });
  server = await startAppServer();
});
afterAll(async () => {
  await server.close();
  await closeEnginePool();
});

const b64 = (text: string) => Buffer.from(text).toString("base64");
type Structured = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function tool(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = await client.callTool({ name, arguments: args });
  return result as { isError?: boolean; structuredContent?: Structured; content: { type: string; text: string }[] };
}

function errorOf(result: Awaited<ReturnType<typeof tool>>) {
  expect(result.isError, JSON.stringify(result)).toBe(true);
  return (JSON.parse(result.content[0].text) as { error: { code: string; request_id: string; message: string } }).error;
}

async function verify(client: Client, text: string, extra: Record<string, unknown> = {}) {
  const result = await tool(client, "verify_document", {
    document_base64: b64(text),
    content_type: "application/pdf",
    ...extra,
  });
  expect(result.isError ?? false, JSON.stringify(result.content)).toBe(false);
  return result.structuredContent!;
}

describe("POST /mcp", () => {
  it("lists 5 tools with input and output schemas, 3 resources and 2 prompts", async () => {
    const { auth } = await makeToken();
    const { client } = await connectMcp(server.base, auth);
    expect(client.getServerVersion()?.name).toBe("credence");
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      ["explain_verification", "get_account", "get_verification", "list_verifications", "verify_document"].sort(),
    );
    for (const t of tools) {
      expect(t.inputSchema.type, t.name).toBe("object");
      expect(t.outputSchema?.type, t.name).toBe("object");
    }
    const verifySchema = tools.find((t) => t.name === "verify_document")!.inputSchema;
    expect(Object.keys(verifySchema.properties ?? {})).toEqual(
      expect.arrayContaining(["document_base64", "content_type", "document_url", "mode"]),
    );
    const { resources } = await client.listResources();
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resources.map((r) => r.uri).sort()).toEqual(["credence://account", "credence://reference/findings"]);
    expect(resourceTemplates.map((r) => r.uriTemplate)).toEqual(["credence://verifications/{id}"]);
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name).sort()).toEqual(["cross_check_applicant", "review_document_evidence"]);
    await client.close();
  });

  it("calls every tool for the token's owner, in its mode", async () => {
    const { auth, userId } = await makeToken();
    const { client } = await connectMcp(server.base, auth);
    const suspect = await verify(client, "credence-test:SUSPECT:diploma");
    expect(suspect).toMatchObject({ verdict: "SUSPECT", doc_type: "diploma", livemode: false, credits_charged: 0 });
    const rejected = await verify(client, "credence-test:REJECTED:payslip");

    expect((await tool(client, "get_verification", { id: suspect.id })).structuredContent).toEqual(suspect);

    const first = (await tool(client, "list_verifications", { limit: 1 })).structuredContent!;
    expect(first).toMatchObject({ object: "list", has_more: true, next_cursor: rejected.id });
    expect(first.data.map((v: Structured) => v.id)).toEqual([rejected.id]);
    const second = (await tool(client, "list_verifications", { limit: 1, starting_after: first.next_cursor }))
      .structuredContent!;
    expect(second.data.map((v: Structured) => v.id)).toEqual([suspect.id]);
    const filtered = (await tool(client, "list_verifications", { verdict: "REJECTED" })).structuredContent!;
    expect(filtered.data.map((v: Structured) => v.id)).toEqual([rejected.id]);

    const account = (await tool(client, "get_account", { group_by: "endpoint" })).structuredContent!;
    expect(account.account).toMatchObject({ object: "account", user_id: userId, livemode: false });
    expect(account.usage).toMatchObject({ object: "usage", group_by: "endpoint", livemode: false });

    // A live report's findings, with a region, explained in words.
    const db = await getDb();
    await db.verification.update({
      where: { id: suspect.id },
      data: {
        verdictJson: {
          summary: "The date was pasted over the original.",
          findings: [
            {
              check: "pixel.copy_move",
              severity: "high",
              score: 0.8,
              message: "A region of the page is a copy of another.",
              page: 1,
              region: { x: 0.7, y: 0.05, width: 0.2, height: 0.1 },
            },
            {
              check: "pdf.incremental_update",
              severity: "medium",
              score: 0.5,
              message: "Edited after signing.",
              page: null,
              region: null,
            },
          ],
        },
      },
    });
    const explained = await tool(client, "explain_verification", { id: suspect.id });
    expect(explained.structuredContent).toMatchObject({
      verification_id: suspect.id,
      verdict: "SUSPECT",
      summary: "The date was pasted over the original.",
      findings: [
        {
          check: "pixel.copy_move",
          severity_meaning: "strong evidence of an edit",
          region: { x: 0.7, y: 0.05, width: 0.2, height: 0.1 },
          where: "page 1, top right (from 70% to 90% across, 5% to 15% down)",
        },
        { check: "pdf.incremental_update", region: null, where: "the whole file" },
      ],
    });
    expect(explained.content[0].text).toContain("verdict SUSPECT with confidence 55%");
    expect(explained.content[0].text).toContain("1. [high: strong evidence of an edit] A region of the page is a copy");
    await client.close();
  });

  it("reads every resource and gets every prompt", async () => {
    const { auth, userId } = await makeToken();
    const { client } = await connectMcp(server.base, auth);
    const one = await verify(client, "credence-test:VERIFIED:diploma");
    const two = await verify(client, "credence-test:SUSPECT:transcript");

    const read = async (uri: string) => {
      const [contents] = (await client.readResource({ uri })).contents;
      expect(contents.uri).toBe(uri);
      return { mimeType: contents.mimeType, text: "text" in contents ? contents.text : "" };
    };
    const report = await read(`credence://verifications/${one.id}`);
    expect(report.mimeType).toBe("application/json");
    expect(JSON.parse(report.text)).toEqual(one);
    const findings = await read("credence://reference/findings");
    expect(findings.mimeType).toBe("text/markdown");
    expect(findings.text).toContain("# Forensic reports and findings");
    const account = await read("credence://account");
    expect(JSON.parse(account.text)).toMatchObject({ object: "account", user_id: userId });

    const review = await client.getPrompt({ name: "review_document_evidence", arguments: { verification_id: one.id } });
    expect(review.messages[0].content).toMatchObject({
      type: "resource",
      resource: { uri: `credence://verifications/${one.id}` },
    });
    expect(review.messages[1].content).toMatchObject({ type: "text" });
    expect((review.messages[1].content as { text: string }).text).toContain(`Verification ${one.id}`);

    const cross = await client.getPrompt({
      name: "cross_check_applicant",
      arguments: { verification_ids: `${one.id}, ${two.id}`, applicant: "Ada Lovelace" },
    });
    expect(cross.messages.map((m) => m.content.type)).toEqual(["resource", "resource", "text"]);
    expect((cross.messages[2].content as { text: string }).text).toContain('"Ada Lovelace"');
    const tooFew = await client
      .getPrompt({ name: "cross_check_applicant", arguments: { verification_ids: one.id } })
      .catch((e: unknown) => e);
    expect(tooFew).toBeInstanceOf(McpError);
    expect((tooFew as McpError).data).toMatchObject({ error: { code: "invalid_request" } });
    await client.close();
  });

  it("answers another user's, the other mode's and unknown ids alike: not_found", async () => {
    const owner = await makeToken();
    const { client } = await connectMcp(server.base, owner.auth);
    const mine = await verify(client, "credence-test:VERIFIED:diploma");
    await client.close();
    for (const caller of [await makeToken(), await makeToken({ userId: owner.userId, mode: "live" })]) {
      const { client: other } = await connectMcp(server.base, caller.auth);
      expect(errorOf(await tool(other, "get_verification", { id: mine.id })).code).toBe("not_found");
      expect(errorOf(await tool(other, "explain_verification", { id: mine.id })).code).toBe("not_found");
      const read = await other.readResource({ uri: `credence://verifications/${mine.id}` }).catch((e: unknown) => e);
      expect((read as McpError).code).toBe(-32002);
      expect(JSON.stringify(read)).not.toContain(owner.userId);
      await other.close();
    }
    const { client: again } = await connectMcp(server.base, owner.auth);
    expect(errorOf(await tool(again, "get_verification", { id: "ver_nobodyhasthisid" })).code).toBe("not_found");
    await again.close();
  });

  it("checks each tool's scope: a tool error carrying insufficient_scope and the request id", async () => {
    const { auth } = await makeToken({ scopes: ["account:read"] });
    const { client, responses } = await connectMcp(server.base, auth);
    const refused = errorOf(
      await tool(client, "verify_document", { document_base64: b64("x"), content_type: "application/pdf" }),
    );
    expect(refused.code).toBe("insufficient_scope");
    expect(refused.request_id).toBe(responses.at(-1)!.get("x-request-id"));
    expect(errorOf(await tool(client, "list_verifications")).code).toBe("insufficient_scope");
    const read = await client.readResource({ uri: "credence://verifications/ver_x" }).catch((e: unknown) => e);
    expect((read as McpError).data).toMatchObject({ error: { code: "insufficient_scope" } });
    expect((await tool(client, "get_account")).isError ?? false).toBe(false);
    await client.close();
  });

  it("gives the SDK's own tool errors and refused URLs the /v1 code", async () => {
    const { auth } = await makeToken();
    const { client } = await connectMcp(server.base, auth);
    const invalid = errorOf(await tool(client, "verify_document", { document_base64: b64("x") }));
    expect(invalid.code).toBe("invalid_request");
    expect(invalid.message).toContain("content_type");
    expect(invalid.request_id).toMatch(/^req_/);
    expect(errorOf(await tool(client, "no_such_tool")).code).toBe("invalid_request");
    const local = errorOf(await tool(client, "verify_document", { document_url: "https://127.0.0.1/doc.pdf" }));
    expect(local).toMatchObject({ code: "invalid_request" });
    expect(local.message).toContain("document_url refused");
    await client.close();
  });

  it("refuses a wrong or missing token, a free plan and another web origin before MCP runs", async () => {
    const post = (headers: Record<string, string>) =>
      fetch(`${server.base}/mcp`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
    const codeOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;
    const none = await post({});
    expect([none.status, await codeOf(none)]).toEqual([401, "authentication_required"]);
    const wrong = await post({ authorization: "Bearer svc_test_sk_notatoken" });
    expect([wrong.status, await codeOf(wrong)]).toEqual([401, "invalid_api_key"]);
    expect(wrong.headers.get("x-request-id")).toMatch(/^req_/);
    await expect(connectMcp(server.base, { authorization: "Bearer svc_test_sk_notatoken" })).rejects.toThrow(
      /invalid_api_key/,
    );
    const free = await post((await makeToken({ plan: "free" })).auth);
    expect([free.status, await codeOf(free)]).toEqual([403, "plan_required"]);
    const { auth } = await makeToken();
    const foreign = await post({ ...auth, origin: "https://evil.example" });
    expect([foreign.status, await codeOf(foreign)]).toEqual([403, "forbidden"]);
    expect((await post({ ...auth, origin: "http://127.0.0.1:6274" })).status).toBe(200); // the inspector's web UI
    const listed = await post({ ...auth, origin: "http://localhost:3000" });
    expect(listed.status).toBe(200);
    expect(listed.headers.get("x-service-environment")).toBe("test");
    expect(((await listed.json()) as { result: { tools: unknown[] } }).result.tools).toHaveLength(5);
    expect((await fetch(`${server.base}/mcp`, { headers: auth })).status).toBe(405);
  });

  it("charges live tokens the /v1 credits and records the usage; test tokens are free", async () => {
    const live = await makeToken({ mode: "live" });
    const db = await getDb();
    const balance = async () => (await db.user.findUniqueOrThrow({ where: { id: live.userId } })).creditBalance;
    const before = await balance();
    const { client, responses } = await connectMcp(server.base, live.auth);
    const standard = await verify(client, `doc ${Math.random()}`, { content_type: "image/png" });
    expect(standard).toMatchObject({ livemode: true, status: "completed", credits_charged: 1 });
    expect(responses.at(-1)!.get("x-credits-remaining")).toBe(String(before - 1));
    expect(responses.at(-1)!.get("x-service-environment")).toBe("live");
    const deep = await verify(client, `doc ${Math.random()}`, { content_type: "image/png", mode: "deep" });
    expect(deep.credits_charged).toBe(5);
    expect(await balance()).toBe(before - 6);
    await client.close();

    const test = await makeToken({ userId: live.userId, mode: "test" });
    const { client: testClient, responses: testResponses } = await connectMcp(server.base, test.auth);
    expect((await verify(testClient, "credence-test:VERIFIED")).credits_charged).toBe(0);
    expect(testResponses.at(-1)!.get("x-credits-remaining")).toBeNull();
    expect(await balance()).toBe(before - 6);
    await testClient.close();

    await flushUsage();
    const usage = await db.usageRecord.findMany({ where: { userId: live.userId, livemode: true } });
    expect(usage.every((u) => u.endpoint === "POST /mcp")).toBe(true);
    expect(usage.reduce((sum, u) => sum + u.credits, 0)).toBe(6);
  });
});
