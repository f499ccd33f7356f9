// Walks one /v1 route (the withPublicApi wrapper) with every kind of token and asserts its row:
// no token → 401, an application JWT → 401, free plan → 403, a token lacking the scope → 403,
// another user's (or the owner's other mode's, or an admin's) token on the owner's resource → 404
// and never a byte of it, the owner's token → the row's status.
import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { tokenActors } from "./actors";
import { expectNoSecrets } from "./leaks";
import { describeCall, send } from "./send";
import type { ServedRoute } from "./served-routes";
import { databaseState, expectStateUnchanged } from "./state";
import type { Fixture, V1Row } from "./types";
import { observable, unknownIdLike, withUnknownId } from "./unknown-id";

type Refusal = { status: number; code: string };
const NO_TOKEN: Refusal = { status: 401, code: "authentication_required" };
const BAD_TOKEN: Refusal = { status: 401, code: "invalid_api_key" };
const PLAN: Refusal = { status: 403, code: "plan_required" };
const SCOPE: Refusal = { status: 403, code: "insufficient_scope" };
const NOT_FOUND: Refusal = { status: 404, code: "not_found" };

export async function probeV1Route(route: ServedRoute, row: V1Row): Promise<void> {
  const actors = await tokenActors(row.scope);
  const target = await row.build(actors.owner);
  const secrets = [actors.owner.userId, actors.owner.email, ...(target.secrets ?? [])];
  const before = await target.snapshot?.();

  const asCaller = async (
    who: string,
    expected: Refusal | "allowed",
    headers: Record<string, string>,
    fixture = target,
  ) => {
    const answer = await send(route.handler, route.method, fixture, headers);
    const label = describeCall(route.method, fixture, who, answer);
    if (expected === "allowed") {
      expect(answer.status, label).toBe(row.ok);
    } else {
      expect(answer.status, label).toBe(expected.status);
      expect(answer.json?.error?.code, label).toBe(expected.code);
    }
    expectNoSecrets(answer, secrets, label);
    if (expected === NOT_FOUND && fixture.resourceId) {
      const unknown = unknownIdLike(fixture.resourceId);
      const twin = await send(
        route.handler,
        route.method,
        withUnknownId(fixture, fixture.resourceId, unknown),
        headers,
      );
      expect(observable(answer), `${label}: differs from the answer for an id nobody has`).toEqual(
        observable(twin, unknown, fixture.resourceId),
      );
    }
  };

  const refusals: Array<[string, Refusal, Record<string, string>, Fixture?]> = [
    ["no token", NO_TOKEN, {}],
    ["the owner's application JWT", BAD_TOKEN, actors.appJwt],
    ["a free-plan token", PLAN, actors.free.auth],
    [`the owner's token without ${row.scope}`, SCOPE, actors.lackingScope],
  ];
  if (row.plan === "business") refusals.push(["a pro-plan token", PLAN, actors.pro.auth]);
  if (row.kind === "resource") {
    refusals.push(
      ["another user's token", NOT_FOUND, actors.other.auth],
      ["an admin's token", NOT_FOUND, actors.admin.auth],
      ["a super admin's token", NOT_FOUND, actors.superAdmin.auth],
      ["the owner's live-mode token", NOT_FOUND, actors.liveMode],
    );
    if (row.cross)
      refusals.push([
        "another user's token on its own parent",
        NOT_FOUND,
        actors.other.auth,
        await row.cross(actors.owner, target, actors.other),
      ]);
  }
  // Each refusal is checked against a digest of every table: it must have written nothing.
  const state = await databaseState();
  for (const [who, refusal, headers, fixture] of refusals) {
    await asCaller(who, refusal, headers, fixture);
    await expectStateUnchanged(state, `${route.key} with ${who}`);
  }
  if (row.kind === "own") {
    await asCaller("another user's token", "allowed", actors.other.auth);
    await asCaller("an admin's token", "allowed", actors.admin.auth);
    await asCaller("a super admin's token", "allowed", actors.superAdmin.auth);
  }
  if (target.snapshot) expect(await target.snapshot(), `refused calls to ${route.key} changed state`).toEqual(before);

  // Idempotency keys belong to their account: another user reusing the owner's key gets an answer
  // of its own, never the owner's stored one.
  const key = { "idempotency-key": `access-matrix-${randomBytes(8).toString("hex")}` };
  const owner = await send(route.handler, route.method, target, {
    ...actors.owner.auth,
    ...(row.kind === "create" ? key : {}),
  });
  expect(owner.status, describeCall(route.method, target, "the owner", owner)).toBe(row.ok);
  if (row.kind === "create") {
    const ownerId = String(owner.json?.id);
    expect(ownerId).toMatch(/^[a-z]+_/);
    const replay = await send(route.handler, route.method, target, { ...actors.other.auth, ...key });
    const label = describeCall(route.method, target, "another user with the owner's Idempotency-Key", replay);
    expect(replay.status, label).toBe(row.ok);
    expectNoSecrets(replay, [...secrets, ownerId], label);
  }
}
