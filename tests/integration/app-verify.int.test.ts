import { describe, expect, it } from "vitest";
import { readEventStream } from "../../components/verify/read-event-stream";
import { GET as status } from "../../app/verify/[verification_id]/status/route";
import { POST as verify } from "../../app/verify/route";
import { getDb } from "../../lib/db";
import { makeSession } from "../helpers/harness";
import { diplomaPdf } from "./app-documents";

interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

/** The stream event by event, through the same parser the upload page uses. */
async function* readEvents(res: Response): AsyncGenerator<SseEvent> {
  for await (const { event, data } of readEventStream(res.body!))
    yield { event, data: data as Record<string, unknown> };
}

async function upload(bytes: Uint8Array, headers: Record<string, string> = {}, name = "diploma.pdf") {
  const form = new FormData();
  form.append("file", new File([Buffer.from(bytes)], name, { type: "application/pdf" }));
  return verify(new Request("http://localhost:3000/verify", { method: "POST", headers, body: form }));
}

describe("POST /verify", () => {
  it("streams init first, then stages in order, then the verdict; the row ends completed and charged", async () => {
    const { user, auth } = await makeSession({ plan: "pro" });
    // A document no other test analysed: a cached analysis would skip the stages.
    const res = await upload(await diplomaPdf(`Stream ${Date.now()}`), auth);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(res.headers.get("set-cookie")).toBeNull();

    const events: SseEvent[] = [];
    for await (const e of readEvents(res)) events.push(e);
    expect(events[0]).toMatchObject({ event: "init", data: { filename: "diploma.pdf" } });
    const id = events[0].data.verification_id as string;
    expect(id).toMatch(/^ver_/);

    const stages = events.filter((e) => e.event === "stage").map((e) => `${e.data.stage}:${e.data.status}`);
    expect(stages).toEqual([
      "decode:start",
      "decode:complete",
      "classify:start",
      "classify:complete",
      "read:start",
      "read:complete",
      "checks:start",
      "checks:complete",
      "fuse:start",
      "fuse:complete",
    ]);
    expect(events.some((e) => e.event === "progress" && typeof e.data.message === "string")).toBe(true);
    const last = events[events.length - 1];
    expect(last.event).toBe("verdict");
    expect(last.data).toMatchObject({ verification_id: id, status: "completed" });
    expect(["VERIFIED", "SUSPECT", "REJECTED", "MANUAL_REVIEW", "NOT_CREDENTIAL"]).toContain(last.data.verdict);

    const db = await getDb();
    const row = await db.verification.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({
      userId: user.id,
      status: "completed",
      source: "web",
      livemode: true,
      creditsCharged: 1,
    });
    const ledger = await db.creditLedgerEntry.findMany({ where: { userId: user.id, verificationId: id } });
    expect(ledger.map((l) => l.delta)).toEqual([-1]);

    const polled = await status(new Request(`http://localhost:3000/verify/${id}/status`), {
      params: Promise.resolve({ verification_id: id }),
    });
    expect(await polled.json()).toMatchObject({ verification_id: id, status: "completed", verdict: last.data.verdict });
  });

  it("works anonymously, sets the anonymous cookie and records how to claim it later", async () => {
    const res = await upload(await diplomaPdf("Anon Person"), {
      "x-forwarded-for": "203.0.113.50",
      "user-agent": "test-agent",
    });
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^credence_anon=[A-Za-z0-9_-]+; Path=\/; .*HttpOnly; SameSite=Lax/);
    const events: SseEvent[] = [];
    for await (const e of readEvents(res)) events.push(e);
    expect(events.at(-1)?.event).toBe("verdict");
    const row = await (
      await getDb()
    ).verification.findUniqueOrThrow({ where: { id: events[0].data.verification_id as string } });
    expect(row).toMatchObject({
      userId: null,
      anonymousIp: "203.0.113.50",
      anonymousCookie: cookie.split(";")[0].split("=")[1],
    });
    expect(row.anonymousFingerprint).toMatch(/^[0-9a-f]{32}$/);
  });

  it("limits signed-out visitors per IP per day", async () => {
    const headers = { "x-forwarded-for": "198.51.100.7" };
    const pdf = await diplomaPdf("Daily Limit");
    for (let i = 0; i < 3; i++) {
      const res = await upload(pdf, headers);
      expect(res.status).toBe(200);
      for await (const _ of readEvents(res)) void _;
    }
    const refused = await upload(pdf, headers);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBeTruthy();
    expect(await refused.json()).toMatchObject({ code: "rate_limited" });
  });

  it("limits a signed-out browser by its cookie when no client address is known", async () => {
    const pdf = await diplomaPdf(`No Address ${Date.now()}`);
    const first = await upload(pdf);
    const cookie = (first.headers.get("set-cookie") ?? "").split(";")[0];
    for await (const _ of readEvents(first)) void _;
    for (let i = 0; i < 2; i++) for await (const _ of readEvents(await upload(pdf, { cookie }))) void _;
    expect((await upload(pdf, { cookie })).status).toBe(429);
    // Another browser (no cookie yet) is not affected.
    const other = await upload(pdf);
    expect(other.status).toBe(200);
    for await (const _ of readEvents(other)) void _;
  });

  it("emits an error event for a document the engine cannot read, and refunds the credit", async () => {
    const { user, auth } = await makeSession({ plan: "pro" });
    const before = user.creditBalance;
    const broken = new TextEncoder().encode(
      "%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << >>\n%%EOF",
    );
    const res = await upload(broken, auth, "broken.pdf");
    const events: SseEvent[] = [];
    for await (const e of readEvents(res)) events.push(e);
    expect(events[0].event).toBe("init");
    const last = events.at(-1)!;
    expect(last.event).toBe("error");
    expect(last.data).toMatchObject({ code: "decode_failed" });
    const db = await getDb();
    const row = await db.verification.findUniqueOrThrow({ where: { id: last.data.verification_id as string } });
    expect(row.status).toBe("failed");
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).creditBalance).toBe(before);
  });

  it("refuses a request without a file with 422 JSON before any stream", async () => {
    const res = await verify(new Request("http://localhost:3000/verify", { method: "POST", body: new FormData() }));
    expect(res.status).toBe(422);
  });

  it("answers 404 for the status of an unknown verification", async () => {
    const res = await status(new Request("http://localhost:3000/verify/ver_nope/status"), {
      params: Promise.resolve({ verification_id: "ver_nope" }),
    });
    expect(res.status).toBe(404);
  });
});

describe("POST /verify with a file analysed before", () => {
  it("reuses the cached analysis: one progress message, then the verdict", async () => {
    const { auth } = await makeSession({ plan: "pro" });
    const pdf = await diplomaPdf(`Cached ${Date.now()}`);
    for await (const _ of readEvents(await upload(pdf, auth))) void _;
    const events: SseEvent[] = [];
    for await (const e of readEvents(await upload(pdf, auth))) events.push(e);
    expect(events.map((e) => e.event)).toEqual(["init", "progress", "verdict"]);
    expect(events[1].data.message).toMatch(/reusing that analysis/);
  });
});

describe("POST /verify allowance of a free account", () => {
  it("gives 5 free web verifications a month, then charges credits (the profile bonus), then refuses", async () => {
    const { user, auth } = await makeSession({ plan: "free" });
    const pdf = await diplomaPdf(`Free ${Date.now()}`);
    const run = async () => {
      const res = await upload(pdf, auth);
      if (res.status !== 200) return res.status;
      for await (const _ of readEvents(res)) void _;
      return 200;
    };
    for (let i = 0; i < 5; i++) expect(await run()).toBe(200);
    expect(await run()).toBe(429);
    const db = await getDb();
    await db.user.update({ where: { id: user.id }, data: { creditBalance: 1 } });
    expect(await run()).toBe(200);
    const charged = await db.verification.findMany({ where: { userId: user.id }, select: { creditsCharged: true } });
    expect(charged.map((c) => c.creditsCharged).sort()).toEqual([0, 0, 0, 0, 0, 1]);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).creditBalance).toBe(0);
  });
});
