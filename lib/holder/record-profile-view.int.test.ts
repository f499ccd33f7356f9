import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { makeUser } from "../../tests/helpers/harness";
import { getDb } from "../db";
import { newId } from "../ids";
import { profileVisitor, recordProfileView, viewDay, visitorHash } from "./record-profile-view";

async function profile() {
  const db = await getDb();
  const owner = await makeUser();
  return db.holderProfile.create({
    data: { id: newId("profile"), userId: owner.id, slug: `p-${randomBytes(5).toString("hex")}`, displayName: "Ada" },
  });
}

const viewCount = async (id: string) =>
  (await (await getDb()).holderProfile.findUniqueOrThrow({ where: { id } })).viewCount;

const ANON = { ip: "203.0.113.7", userAgent: "Mozilla/5.0 Chrome/130.0" };

describe("recordProfileView", () => {
  it("counts a visitor once per day however often they reload", async () => {
    const db = await getDb();
    const p = await profile();
    const noon = new Date("2026-11-20T12:00:00Z");
    expect(await recordProfileView(db, p.id, ANON, noon)).toEqual({ counted: true });
    expect(await recordProfileView(db, p.id, ANON, new Date("2026-11-20T23:59:59Z"))).toEqual({ counted: false });
    expect(await recordProfileView(db, p.id, ANON, noon)).toEqual({ counted: false });
    expect(await viewCount(p.id)).toBe(1);
    // The next UTC day is a new view.
    expect(await recordProfileView(db, p.id, ANON, new Date("2026-11-21T00:00:01Z"))).toEqual({ counted: true });
    expect(await viewCount(p.id)).toBe(2);
    expect(await db.profileView.count({ where: { profileId: p.id } })).toBe(2);
  });

  it("tells visitors apart by account, or by address and user agent when signed out", async () => {
    const db = await getDb();
    const p = await profile();
    const a = await makeUser();
    const b = await makeUser();
    const at = new Date("2026-11-22T08:00:00Z");
    await recordProfileView(db, p.id, { userId: a.id, ...ANON }, at);
    await recordProfileView(db, p.id, { userId: b.id, ...ANON }, at);
    // The same account from another address is the same visitor.
    await recordProfileView(db, p.id, { userId: a.id, ip: "198.51.100.1", userAgent: "curl/8" }, at);
    await recordProfileView(db, p.id, ANON, at);
    await recordProfileView(db, p.id, { ...ANON, ip: "203.0.113.8" }, at);
    await recordProfileView(db, p.id, { ...ANON, userAgent: "Firefox/140" }, at);
    expect(await viewCount(p.id)).toBe(5);
  });

  it("does not count the owner looking at their own profile", async () => {
    const db = await getDb();
    const p = await profile();
    expect(await recordProfileView(db, p.id, { userId: p.userId, ...ANON })).toEqual({ counted: false });
    expect(await viewCount(p.id)).toBe(0);
    expect(await db.profileView.count({ where: { profileId: p.id } })).toBe(0);
  });

  it("counts one view when the same visitor's first requests race", async () => {
    const db = await getDb();
    const p = await profile();
    const results = await Promise.all(Array.from({ length: 8 }, () => recordProfileView(db, p.id, ANON)));
    expect(results.filter((r) => r.counted)).toHaveLength(1);
    expect(await viewCount(p.id)).toBe(1);
  });

  it("answers not counted for a profile that does not exist", async () => {
    expect(await recordProfileView(await getDb(), newId("profile"), ANON)).toEqual({ counted: false });
  });

  it("stores a keyed hash, never the visitor itself", async () => {
    const db = await getDb();
    const p = await profile();
    const visitor = await makeUser();
    await recordProfileView(db, p.id, { userId: visitor.id });
    const [row] = await db.profileView.findMany({ where: { profileId: p.id } });
    expect(row.visitorHash).toBe(visitorHash({ userId: visitor.id }));
    expect(row.visitorHash).not.toContain(visitor.id);
    expect(row.day.toISOString()).toBe(viewDay(new Date()).toISOString());
  });

  it("reads the visitor from a request's headers", () => {
    const req = new Request("http://localhost/u/x", {
      headers: { "user-agent": "UA/1", "x-forwarded-for": "192.0.2.5" },
    });
    expect(profileVisitor(req, null)).toMatchObject({ userId: null, userAgent: "UA/1" });
    expect(profileVisitor(req, "usr_1").userId).toBe("usr_1");
  });
});
