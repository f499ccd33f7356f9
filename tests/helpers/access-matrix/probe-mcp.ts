// POST /mcp: the /v1 wrapper's refusals come before MCP (no token, an application JWT, a free plan:
// HTTP 401/403 in the /v1 envelope); past them each tool checks its own scope and, on the owner's
// verification, answers every other caller (another user, an admin, the owner's other mode) a tool
// error not_found indistinguishable from an id nobody has, never a byte of the resource.
import { expect } from "vitest";
import { tokenActors } from "./actors";
import { apiVerification } from "./fixtures";
import { expectNoSecrets } from "./leaks";
import { send, type Answer } from "./send";
import type { RouteHandler } from "./served-routes";
import { databaseState, expectStateUnchanged } from "./state";
import { unknownIdLike } from "./unknown-id";

const ACCEPT = { accept: "application/json, text/event-stream" };

const getVerification = (id: string) => ({
  path: "/mcp",
  body: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "get_verification", arguments: { id } } },
  headers: ACCEPT,
});

/** The tool error of an answer (its request id dropped: ids differ per request), or undefined. */
function toolError(answer: Answer, id?: string, unknown?: string) {
  const result = answer.json?.result as { isError?: boolean; content?: { text: string }[] } | undefined;
  if (!result?.isError) return undefined;
  const text = unknown && id ? result.content![0].text.replaceAll(unknown, id) : result.content![0].text;
  const { request_id, ...error } = (JSON.parse(text) as { error: Record<string, unknown> }).error;
  expect(request_id).toBe(answer.headers.get("x-request-id"));
  return error;
}

export async function probeMcpRoute(handler: RouteHandler): Promise<void> {
  const actors = await tokenActors("verifications:read");
  const owned = await apiVerification(actors.owner.userId);
  const secrets = [actors.owner.userId, actors.owner.email, owned.id, owned.fileName];
  const call = (headers: Record<string, string>, id = owned.id) => send(handler, "POST", getVerification(id), headers);
  const state = await databaseState();

  for (const [who, headers, status, code] of [
    ["no token", {}, 401, "authentication_required"],
    ["the owner's application JWT", actors.appJwt, 401, "invalid_api_key"],
    ["a free-plan token", actors.free.auth, 403, "plan_required"],
  ] as const) {
    const answer = await call(headers);
    expect([answer.status, answer.json?.error?.code], `POST /mcp as ${who}`).toEqual([status, code]);
    expectNoSecrets(answer, secrets, `POST /mcp as ${who}`);
    await expectStateUnchanged(state, `POST /mcp as ${who}`);
  }

  const lacking = await call(actors.lackingScope);
  expect(toolError(lacking)?.code, "POST /mcp with the owner's token without verifications:read").toBe(
    "insufficient_scope",
  );
  expectNoSecrets(lacking, secrets, "POST /mcp without the scope");
  await expectStateUnchanged(state, "POST /mcp without the scope");

  for (const [who, headers] of [
    ["another user's token", actors.other.auth],
    ["an admin's token", actors.admin.auth],
    ["a super admin's token", actors.superAdmin.auth],
    ["the owner's live-mode token", actors.liveMode],
  ] as const) {
    const label = `POST /mcp get_verification as ${who}`;
    const answer = await call(headers);
    expect(answer.status, label).toBe(200);
    expect(toolError(answer)?.code, label).toBe("not_found");
    expectNoSecrets(answer, secrets.slice(0, 2).concat(owned.fileName), label);
    const unknown = unknownIdLike(owned.id);
    const twin = await call(headers, unknown);
    expect(toolError(answer), `${label}: differs from the answer for an id nobody has`).toEqual(
      toolError(twin, owned.id, unknown),
    );
    await expectStateUnchanged(state, label);
  }

  const mine = await call(actors.owner.auth);
  expect(mine.status).toBe(200);
  expect(mine.json.result.structuredContent).toMatchObject({ id: owned.id, file_name: owned.fileName });
}
