// Walks one application route (the withApp wrapper) as every kind of caller and asserts the
// access rule of its row: signed out → 401, wrong role → 403, another user's resource → 404,
// owner and admins → the row's status; refused calls change nothing and leak nothing.
import { expect } from "vitest";
import { loadEnv, resetEnvCache } from "../../../lib/env";
import { appActors } from "./actors";
import { expectNoSecrets, expectPublicProjection } from "./leaks";
import { describeCall, send, type Answer } from "./send";
import type { ServedRoute } from "./served-routes";
import type { AppAccess, AppRow, Fixture, Outcome } from "./types";
import { databaseState, expectStateUnchanged } from "./state";
import { observable, unknownIdLike, withUnknownId } from "./unknown-id";

type Expected = Outcome | "unauthenticated";

const REFUSALS: Record<Exclude<Expected, "allowed">, { status: number; code: string }> = {
  unauthenticated: { status: 401, code: "authentication_required" },
  forbidden: { status: 403, code: "forbidden" },
  not_found: { status: 404, code: "not_found" },
};

const DEFAULT_OTHERS: Record<AppAccess, Outcome> = {
  public: "allowed",
  optional: "allowed",
  user: "allowed",
  "user-owner": "not_found",
  "owner-or-admin": "not_found",
  admin: "forbidden",
  "super-admin": "forbidden",
  "admin-secret": "forbidden",
};

const DEFAULT_ADMINS: Record<AppAccess, Outcome> = {
  ...DEFAULT_OTHERS,
  "owner-or-admin": "allowed",
  admin: "allowed",
};

function expectOutcome(answer: Answer, expected: Expected, ok: number, label: string): void {
  if (expected === "allowed") {
    expect(answer.status, label).toBe(ok);
    return;
  }
  const refusal = REFUSALS[expected];
  expect(answer.status, label).toBe(refusal.status);
  expect(answer.json?.code, label).toBe(refusal.code);
}

export async function probeAppRoute(route: ServedRoute, row: AppRow): Promise<void> {
  const actors = await appActors();
  const target = await row.build(actors.owner);
  const secrets = [actors.owner.user.id, actors.owner.user.email, ...(target.secrets ?? [])];
  const before = await target.snapshot?.();
  let targetSpent = false;
  // The first allowed call gets the owner's fixture; one-shot rows build a fresh one for the next.
  const fixtureForAllowedCall = async (): Promise<Fixture> => {
    if (row.oneShot && targetSpent) return row.build(actors.owner);
    targetSpent = true;
    return target;
  };

  const asCaller = async (who: string, expected: Expected, headers: Record<string, string>, owner = false) => {
    const fixture = expected === "allowed" ? await fixtureForAllowedCall() : target;
    const answer = await send(route.handler, route.method, fixture, {
      ...headers,
      ...(owner ? fixture.ownerHeaders : {}),
    });
    const label = describeCall(route.method, fixture, who, answer);
    expectOutcome(answer, expected, row.ok, label);
    if (!owner) expectNoSecrets(answer, secrets, label);
    if (row.share && expected === "allowed") await expectPublicProjection(answer, row.share, label);
    if (expected === "not_found" && fixture.resourceId) await expectSameAsUnknown(fixture, headers, answer, label);
    return answer;
  };

  const expectSameAsUnknown = async (
    fixture: Fixture,
    headers: Record<string, string>,
    answer: Answer,
    label: string,
  ) => {
    const id = fixture.resourceId!;
    const unknown = unknownIdLike(id);
    const twin = await send(route.handler, route.method, withUnknownId(fixture, id, unknown), headers);
    expect(observable(answer), `${label}: differs from the answer for an id nobody has`).toEqual(
      observable(twin, unknown, id),
    );
  };

  const open = row.access === "public" || row.access === "optional";
  const others = row.others ?? DEFAULT_OTHERS[row.access];
  const admins = row.admins ?? DEFAULT_ADMINS[row.access];
  const superAdmins: Outcome = row.access === "super-admin" ? "allowed" : admins;

  const calls: Array<[string, Expected, Record<string, string>]> = [
    ["anonymous", open ? "allowed" : row.access === "admin-secret" ? "forbidden" : "unauthenticated", {}],
    ["another user", others, actors.other.auth],
    ["another user's browser session", others, actors.otherBrowser],
    ["an admin (not the owner)", admins, actors.admin.auth],
  ];
  if (!open && row.access !== "admin-secret") {
    // An API token is not an application credential.
    calls.push(["the owner's API token", "unauthenticated", actors.ownerApiToken]);
  }
  // On open routes a role changes nothing: the admin above stands for both.
  if (!open) calls.push(["a super admin (not the owner)", superAdmins, actors.superAdmin.auth]);
  if (row.access === "admin-secret") {
    calls.push(["a wrong X-Admin-Secret", "forbidden", { "x-admin-secret": "not-the-admin-secret-0000" }]);
    calls.push(["an admin with a wrong X-Admin-Secret", "forbidden", { ...actors.admin.auth, "x-admin-secret": "x" }]);
  }
  // Refusals first: they must leave the state as it was, and a wrongly allowed call must not hide
  // behind a fixture an allowed call already spent.
  // Each refusal is checked against a digest of every table: it must have written nothing.
  const state = await databaseState();
  for (const [who, expected, headers] of calls) {
    if (expected === "allowed") continue;
    await asCaller(who, expected, headers);
    await expectStateUnchanged(state, `${route.key} as ${who}`);
  }
  if (row.invalidBody && target.resourceId) {
    // Validation may come before the lookup, but then it must not tell the owner's id from an unknown one.
    const invalid = { ...target, body: row.invalidBody(target) };
    const answer = await send(route.handler, route.method, invalid, actors.other.auth);
    expect(answer.status, describeCall(route.method, invalid, "another user, invalid body", answer)).not.toBe(200);
    await expectSameAsUnknown(
      invalid,
      actors.other.auth,
      answer,
      describeCall(route.method, invalid, "another user, invalid body", answer),
    );
    await expectStateUnchanged(state, `${route.key} as another user with an invalid body`);
  }
  if (target.snapshot) expect(await target.snapshot(), `refused calls to ${route.key} changed state`).toEqual(before);
  for (const [who, expected, headers] of calls) if (expected === "allowed") await asCaller(who, expected, headers);

  if (row.access === "admin-secret") await expectRefusedWithoutConfiguredSecret(route, target);

  // The owner (or the holder of the admin secret) last.
  if (row.access === "admin-secret") {
    await asCaller(
      "the holder of the admin secret",
      "allowed",
      { "x-admin-secret": loadEnv().ADMIN_SECRET ?? "" },
      true,
    );
  } else if (!["admin", "super-admin"].includes(row.access)) {
    await asCaller("the owner", "allowed", actors.owner.auth, true);
  }
}

/** With no ADMIN_SECRET configured nothing opens the route, not even an empty header. */
async function expectRefusedWithoutConfiguredSecret(route: ServedRoute, fixture: Fixture): Promise<void> {
  const configured = process.env.ADMIN_SECRET;
  delete process.env.ADMIN_SECRET;
  resetEnvCache();
  try {
    for (const given of ["", "undefined", "null"]) {
      const answer = await send(route.handler, route.method, fixture, { "x-admin-secret": given });
      expectOutcome(
        answer,
        "forbidden",
        0,
        describeCall(route.method, fixture, `X-Admin-Secret "${given}" with no secret configured`, answer),
      );
    }
  } finally {
    process.env.ADMIN_SECRET = configured;
    resetEnvCache();
  }
}
