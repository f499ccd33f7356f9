import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as checkAchievements } from "../../app/holder/achievements/check/route";
import { GET as listAchievements } from "../../app/holder/achievements/route";
import { DELETE as deleteEvent, PATCH as updateEvent } from "../../app/holder/life-events/[event_id]/route";
import { POST as createEvent } from "../../app/holder/life-events/route";
import { GET as timeline } from "../../app/holder/timeline/route";
import { getDb } from "../../lib/db";
import { checkAchievements as runCheck } from "../../lib/holder/achievements/check-achievements";
import { stopJobWorkers } from "../../lib/jobs/workers";
import { call, makeSession } from "../helpers/harness";
import { makeCredential, makeHolderProfile } from "../helpers/holder-timeline";

afterAll(async () => {
  await stopJobWorkers(); // creating an event queued an achievement check
});

type Session = Awaited<ReturnType<typeof makeSession>>;
let owner: Session;

beforeAll(async () => {
  owner = await makeSession();
  await makeHolderProfile(owner.user.id);
});

const create = (auth: Record<string, string>, body: object) =>
  call(createEvent, { method: "POST", path: "/holder/life-events", headers: auth, body });
const patch = (auth: Record<string, string>, id: string, body: object) =>
  call(updateEvent, {
    method: "PATCH",
    path: `/holder/life-events/${id}`,
    headers: auth,
    body,
    params: { event_id: id },
  });

describe("life events", () => {
  it("creates an event with trimmed fields and calendar dates", async () => {
    const res = await create(owner.auth, {
      kind: "education",
      title: "  MSc Computer Science ",
      organization: "ETH Zürich",
      start_date: "2019-09-01",
      end_date: "2021-06-30",
      description: "",
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      object: "life_event",
      kind: "education",
      title: "MSc Computer Science",
      organization: "ETH Zürich",
      description: null,
      start_date: "2019-09-01",
      end_date: "2021-06-30",
      source: "manual",
      cv_upload_id: null,
    });
    expect(res.json.id).toMatch(/^lev_/);
  });

  it.each([
    [{ kind: "education" }, "title"],
    [{ kind: "hobby", title: "Chess" }, "must be one of education, work, certification, award, volunteering"],
    [{ kind: "work", title: "x", start_date: "2021-02-30" }, "must be a calendar date YYYY-MM-DD"],
    [
      { kind: "work", title: "x", start_date: "2022-01-01", end_date: "2021-01-01" },
      "end_date must be on or after start_date",
    ],
    [{ kind: "work", title: "x", start_date: "3024-01-01" }, "at most 10 years ahead"],
    [{ kind: "work", title: "x", start_date: "1850-01-01" }, "on or after 1900-01-01"],
    [{ kind: "work", title: "t".repeat(201) }, "title must be at most 200 characters"],
    [{ kind: "work", title: "x", description: "d".repeat(5001) }, "description must be at most 5000 characters"],
    [{ kind: "work", title: "x", extra: 1 }, "extra"],
  ])("refuses bad input with 422 saying what is wrong (#%#)", async (body, message) => {
    const res = await create(owner.auth, body);
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.json.detail)).toContain(message);
  });

  it("needs a holder profile", async () => {
    const stranger = await makeSession();
    const res = await create(stranger.auth, { kind: "work", title: "Engineer" });
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ code: "not_found" });
    expect(res.json.detail).toContain("POST /holder/profile");
  });

  it("updates only the fields sent, keeps dates in order with the stored ones, and clears with null", async () => {
    const made = await create(owner.auth, {
      kind: "work",
      title: "Engineer",
      start_date: "2020-01-01",
      location: "Basel",
    });
    const id = made.json.id as string;
    const moved = await patch(owner.auth, id, { end_date: "2019-12-31" });
    expect(moved.status).toBe(422);
    expect(JSON.stringify(moved.json.detail)).toContain(
      "end_date must be on or after start_date (start_date 2020-01-01, end_date 2019-12-31)",
    );
    const ok = await patch(owner.auth, id, { end_date: "2023-03-31", location: null, title: "Senior engineer" });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({
      title: "Senior engineer",
      start_date: "2020-01-01",
      end_date: "2023-03-31",
      location: null,
    });
    expect((await patch(owner.auth, id, {})).status).toBe(422);
  });

  it("answers 404 for another holder's event, alike an unknown id, and leaves it as it was", async () => {
    const made = await create(owner.auth, { kind: "award", title: "Best thesis" });
    const id = made.json.id as string;
    const other = await makeSession();
    await makeHolderProfile(other.user.id);
    const theirs = await patch(other.auth, id, { title: "Stolen" });
    const unknown = await patch(other.auth, "lev_00000000000000000000000000000000000", { title: "Stolen" });
    expect(theirs.status).toBe(404);
    expect(unknown.status).toBe(404);
    const del = await call(deleteEvent, {
      method: "DELETE",
      path: `/holder/life-events/${id}`,
      headers: other.auth,
      params: { event_id: id },
    });
    expect(del.status).toBe(404);
    const db = await getDb();
    expect((await db.lifeEvent.findUniqueOrThrow({ where: { id } })).title).toBe("Best thesis");

    const mine = await call(deleteEvent, {
      method: "DELETE",
      path: `/holder/life-events/${id}`,
      headers: owner.auth,
      params: { event_id: id },
    });
    expect(mine.status).toBe(200);
    expect(mine.json).toEqual({ id, object: "life_event", deleted: true });
    expect(await db.lifeEvent.findUnique({ where: { id } })).toBeNull();
  });
});

describe("timeline", () => {
  it("merges events and credentials newest first (ongoing by start, undated last), each with its type", async () => {
    const holder = await makeSession();
    const profile = await makeHolderProfile(holder.user.id);
    const ev = async (title: string, start?: string, end?: string) =>
      (await create(holder.auth, { kind: "work", title, start_date: start, end_date: end })).json.id as string;
    const old = await ev("Intern", "2015-01-01", "2015-06-30");
    const ongoing = await ev("Lead", "2022-01-01");
    const undated = await ev("Volunteer somewhere");
    const { credential } = await makeCredential(profile.id, holder.user.id, {
      label: "MSc",
      fields: { institution: "ETH Zürich", graduation_date: "2021-06-30" },
    });
    const { credential: sample } = await makeCredential(profile.id, holder.user.id, { sample: true, label: "Sample" });

    const res = await call(timeline, { path: "/holder/timeline", headers: holder.auth });
    expect(res.status).toBe(200);
    const order = res.json.data.map(
      (item: { type: string; life_event?: { id: string }; credential?: { id: string } }) =>
        item.type === "life_event" ? item.life_event!.id : item.credential!.id,
    );
    expect(order.slice(0, 3)).toEqual([ongoing, credential.id, old]);
    expect(order.slice(3).sort()).toEqual([undated, sample.id].sort());
    const crd = res.json.data[1];
    expect(crd).toMatchObject({
      type: "credential",
      date: "2021-06-30",
      credential: { issuer: "ETH Zürich", verdict: "VERIFIED", is_sample: false, is_public: true },
    });
    const sampleItem = res.json.data.find((i: { credential?: { id: string } }) => i.credential?.id === sample.id);
    expect(sampleItem.credential).toMatchObject({ is_sample: true, is_public: false, verdict: "VERIFIED SAMPLE" });
  });

  it("is empty without a profile and never shows another holder's items", async () => {
    const stranger = await makeSession();
    const res = await call(timeline, { path: "/holder/timeline", headers: stranger.auth });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ object: "timeline", data: [] });
  });
});

describe("achievements", () => {
  it("lists the catalogue locked, unlocks once with its date, and never counts sample credentials", async () => {
    const holder = await makeSession();
    const before = await call(listAchievements, { path: "/holder/achievements", headers: holder.auth });
    expect(before.status).toBe(200);
    expect(before.json.data.length).toBeGreaterThanOrEqual(8);
    expect(
      before.json.data.every((a: { unlocked: boolean; unlocked_at: null }) => !a.unlocked && a.unlocked_at === null),
    ).toBe(true);

    const profile = await makeHolderProfile(holder.user.id);
    for (let i = 0; i < 5; i++) await makeCredential(profile.id, holder.user.id, { sample: true });
    const check = () =>
      call(checkAchievements, { method: "POST", path: "/holder/achievements/check", headers: holder.auth });
    const first = await check();
    expect(first.status).toBe(200);
    expect(first.json.newly_unlocked.map((a: { key: string }) => a.key)).toEqual(["profile_created"]);

    await makeCredential(profile.id, holder.user.id, { badge: true });
    const second = await check();
    expect(second.json.newly_unlocked.map((a: { key: string }) => a.key)).toEqual([
      "first_credential",
      "first_public_badge",
    ]);
    expect((await check()).json.newly_unlocked).toEqual([]);

    const after = await call(listAchievements, { path: "/holder/achievements", headers: holder.auth });
    const badge = after.json.data.find((a: { key: string }) => a.key === "first_public_badge");
    expect(badge.unlocked).toBe(true);
    expect(Date.parse(badge.unlocked_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(after.json.data.find((a: { key: string }) => a.key === "five_credentials").unlocked).toBe(false);
  });

  it("unlocks a key once when checks run at the same time", async () => {
    const holder = await makeSession();
    await makeHolderProfile(holder.user.id, { headline: "h", bio: "b", location: "l", avatarKey: "avatars/x.webp" });
    const db = await getDb();
    const answers = await Promise.all(Array.from({ length: 6 }, () => runCheck(db, holder.user.id)));
    const unlocked = answers
      .flat()
      .map((a) => a.key)
      .sort();
    expect(unlocked).toEqual(["complete_profile", "profile_created"]);
    expect(await db.achievement.count({ where: { userId: holder.user.id } })).toBe(2);
  });

  it("counts life events toward the timeline achievements", async () => {
    const holder = await makeSession();
    const profile = await makeHolderProfile(holder.user.id);
    await create(holder.auth, { kind: "education", title: "BSc" });
    await create(holder.auth, { kind: "work", title: "Engineer" });
    await create(holder.auth, { kind: "award", title: "Prize" });
    await makeCredential(profile.id, holder.user.id);
    await makeCredential(profile.id, holder.user.id, { sample: true });
    const db = await getDb();
    const keys = (await runCheck(db, holder.user.id)).map((a) => a.key);
    expect(keys).toEqual(expect.arrayContaining(["first_life_event", "study_and_work", "first_credential"]));
    expect(keys).not.toContain("timeline_five");
    await create(holder.auth, { kind: "certification", title: "AWS" });
    expect((await runCheck(db, holder.user.id)).map((a) => a.key)).toEqual(["timeline_five"]);
  });
});
