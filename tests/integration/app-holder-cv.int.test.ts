import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETE as deleteCv } from "../../app/holder/cv/[cv_id]/route";
import { POST as parseCv } from "../../app/holder/cv/[cv_id]/parse/route";
import { POST as uploadCv } from "../../app/holder/cv/upload/route";
import { GET as listCvs } from "../../app/holder/cv/uploads/route";
import { PATCH as updateEvent } from "../../app/holder/life-events/[event_id]/route";
import { POST as createEvent } from "../../app/holder/life-events/route";
import { getDb } from "../../lib/db";
import { stopJobWorkers } from "../../lib/jobs/workers";
import { getObject } from "../../lib/storage";
import { startJobWorkers } from "../../server/jobs";
import { call, makeSession } from "../helpers/harness";
import { cvDocx, cvPdf, damagedPdf, zipBombDocx } from "../helpers/cv-documents";
import { makeHolderProfile } from "../helpers/holder-timeline";

type Session = Awaited<ReturnType<typeof makeSession>>;
let owner: Session;

beforeAll(async () => {
  await startJobWorkers();
  owner = await makeSession();
  await makeHolderProfile(owner.user.id);
});
afterAll(async () => {
  await stopJobWorkers();
});

const ENGLISH_CV = [
  "Ada Example",
  "Experience",
  "Senior Engineer",
  "Acme Corp, Zürich",
  "Jan 2020 – Present",
  "Engineer",
  "Beta GmbH, Berlin",
  "09/2016 - 12/2019",
  "Education",
  "MSc Computer Science, ETH Zürich",
  "2014 – 2016",
];

function form(bytes: Uint8Array, name: string, type = "application/octet-stream") {
  const body = new FormData();
  body.append("file", new File([Buffer.from(bytes)], name, { type }));
  return body;
}

const upload = (auth: Record<string, string>, body: FormData) =>
  call(uploadCv, { method: "POST", path: "/holder/cv/upload", headers: auth, body });
const parse = (auth: Record<string, string>, id: string) =>
  call(parseCv, { method: "POST", path: `/holder/cv/${id}/parse`, headers: auth, params: { cv_id: id } });
const remove = (auth: Record<string, string>, id: string, deleteEvents?: boolean) =>
  call(deleteCv, {
    method: "DELETE",
    path: `/holder/cv/${id}${deleteEvents === undefined ? "" : `?delete_events=${deleteEvents}`}`,
    headers: auth,
    params: { cv_id: id },
  });

async function waitForParse(auth: Record<string, string>, id: string) {
  for (let i = 0; i < 240; i++) {
    const list = await call(listCvs, { path: "/holder/cv/uploads", headers: auth });
    const cv = list.json.data.find((c: { id: string }) => c.id === id);
    if (cv.status !== "parsing") return cv;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("parse did not finish in 60 s");
}

const cvEvents = async (cvId: string) =>
  (await getDb()).lifeEvent.findMany({ where: { cvUploadId: cvId }, orderBy: { startDate: "desc" } });

describe("CV upload", () => {
  it("stores a PDF named anything, encrypted, and lists it", async () => {
    const bytes = await cvPdf(ENGLISH_CV);
    const res = await upload(owner.auth, form(bytes, "../../my cv.txt", "text/plain"));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      object: "cv_upload",
      file_name: "my cv.txt.pdf",
      content_type: "application/pdf",
      size: bytes.length,
      status: "uploaded",
      parse_error: null,
      event_count: 0,
    });
    const row = await (await getDb()).cvUpload.findUniqueOrThrow({ where: { id: res.json.id } });
    expect(Buffer.compare(await getObject(row.fileKey), Buffer.from(bytes))).toBe(0);
    const list = await call(listCvs, { path: "/holder/cv/uploads", headers: owner.auth });
    expect(list.json.data[0].id).toBe(res.json.id);
  });

  it("knows a DOCX by its bytes", async () => {
    const res = await upload(owner.auth, form(cvDocx(ENGLISH_CV), "cv.pdf", "application/pdf"));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      file_name: "cv.docx",
      content_type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    });
  });

  it.each([
    [
      "a text file named .pdf",
      () => form(Buffer.from("Experience 2019 - 2020"), "cv.pdf", "application/pdf"),
      422,
      "neither",
    ],
    ["an empty file", () => form(new Uint8Array(), "cv.pdf"), 422, "empty"],
    ["a ZIP bomb", () => form(zipBombDocx(200), "cv.docx"), 422, "ZIP bomb"],
    [
      "more than 10 MB",
      () => form(Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(10 * 1024 * 1024)]), "big.pdf"),
      413,
      "limit",
    ],
  ])("refuses %s", async (_name, body, status, message) => {
    const res = await upload(owner.auth, body());
    expect(res.status).toBe(status);
    expect(JSON.stringify(res.json.detail)).toContain(message);
  });
});

describe("CV parsing", () => {
  it("parses a PDF into life events marked as read from it, and a re-parse replaces them", async () => {
    const up = await upload(owner.auth, form(await cvPdf(ENGLISH_CV), "cv.pdf"));
    const started = await parse(owner.auth, up.json.id);
    expect(started.status).toBe(202);
    expect(started.json.status).toBe("parsing");
    const done = await waitForParse(owner.auth, up.json.id);
    expect(done).toMatchObject({ status: "parsed", event_count: 3, parse_error: null });
    const events = await cvEvents(up.json.id);
    expect(events.map((e) => [e.kind, e.title, e.organization, e.source])).toEqual([
      ["work", "Senior Engineer", "Acme Corp", "cv"],
      ["work", "Engineer", "Beta GmbH", "cv"],
      ["education", "MSc Computer Science", "ETH Zürich", "cv"],
    ]);

    expect((await parse(owner.auth, up.json.id)).status).toBe(202);
    expect((await waitForParse(owner.auth, up.json.id)).status).toBe("parsed");
    const again = await cvEvents(up.json.id);
    expect(again).toHaveLength(3);
    expect(again.map((e) => e.id).some((id) => events.some((e) => e.id === id))).toBe(false);
  });

  it("parses a DOCX in French", async () => {
    const up = await upload(
      owner.auth,
      form(
        cvDocx([
          "EXPÉRIENCE PROFESSIONNELLE",
          "Sept. 2019 – Juin 2021  Développeur chez Société Générale",
          "FORMATION",
          "2014 – 2017 Licence, Université de Lyon",
        ]),
        "cv.docx",
      ),
    );
    await parse(owner.auth, up.json.id);
    expect(await waitForParse(owner.auth, up.json.id)).toMatchObject({ status: "parsed", event_count: 2 });
    const events = await cvEvents(up.json.id);
    expect(events.map((e) => [e.title, e.startDate?.toISOString().slice(0, 10)])).toEqual([
      ["Développeur", "2019-09-01"],
      ["Licence", "2014-01-01"],
    ]);
  });

  it("ends a damaged PDF as failed with the reason shown", async () => {
    const up = await upload(owner.auth, form(damagedPdf(), "broken.pdf"));
    await parse(owner.auth, up.json.id);
    const done = await waitForParse(owner.auth, up.json.id);
    expect(done.status).toBe("failed");
    expect(done.parse_error).toContain("The PDF could not be opened");
  });

  it("needs a profile, and refuses another user's CV with 404", async () => {
    const up = await upload(owner.auth, form(await cvPdf(ENGLISH_CV), "cv.pdf"));
    const other = await makeSession();
    const theirs = await parse(other.auth, up.json.id);
    expect(theirs.status).toBe(404);
    await makeHolderProfile(other.user.id);
    expect((await parse(other.auth, up.json.id)).status).toBe(404);
    expect((await remove(other.auth, up.json.id, true)).status).toBe(404);
    const noProfile = await makeSession();
    const theirCv = await upload(noProfile.auth, form(await cvPdf(ENGLISH_CV), "cv.pdf"));
    const refused = await parse(noProfile.auth, theirCv.json.id);
    expect(refused.status).toBe(404);
    expect(refused.json.detail).toContain("POST /holder/profile");
  });
});

describe("CV deletion", () => {
  async function parsedCv() {
    const up = await upload(owner.auth, form(await cvPdf(ENGLISH_CV), "cv.pdf"));
    await parse(owner.auth, up.json.id);
    await waitForParse(owner.auth, up.json.id);
    return up.json.id as string;
  }

  it("with delete_events=true removes exactly the events read from it, edited ones included", async () => {
    const id = await parsedCv();
    const other = await parsedCv();
    const manual = await call(createEvent, {
      method: "POST",
      path: "/holder/life-events",
      headers: owner.auth,
      body: { kind: "award", title: "Prize" },
    });
    const [first] = await cvEvents(id);
    await call(updateEvent, {
      method: "PATCH",
      path: `/holder/life-events/${first.id}`,
      headers: owner.auth,
      body: { title: "Corrected title" },
      params: { event_id: first.id },
    });
    const res = await remove(owner.auth, id, true);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ id, object: "cv_upload", deleted: true, events_deleted: 3, events_kept: 0 });
    const db = await getDb();
    expect(await db.cvUpload.findUnique({ where: { id } })).toBeNull();
    expect(await db.lifeEvent.count({ where: { id: first.id } })).toBe(0);
    expect(await cvEvents(other)).toHaveLength(3);
    expect(await db.lifeEvent.count({ where: { id: manual.json.id } })).toBe(1);
  });

  it("by default keeps the events, detached from the deleted CV", async () => {
    const id = await parsedCv();
    const ids = (await cvEvents(id)).map((e) => e.id);
    const res = await remove(owner.auth, id);
    expect(res.json).toMatchObject({ events_deleted: 0, events_kept: 3 });
    const kept = await (await getDb()).lifeEvent.findMany({ where: { id: { in: ids } } });
    expect(kept).toHaveLength(3);
    expect(kept.every((e) => e.cvUploadId === null && e.source === "cv")).toBe(true);
    expect((await remove(owner.auth, id)).status).toBe(404);
  });

  it("refuses a delete_events that is not true or false", async () => {
    const res = await call(deleteCv, {
      method: "DELETE",
      path: "/holder/cv/cv_x?delete_events=yes",
      headers: owner.auth,
      params: { cv_id: "cv_x" },
    });
    expect(res.status).toBe(422);
  });
});
