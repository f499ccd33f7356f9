// Access-matrix rows of the /holder routes of this area (spread into TABLE in
// tests/integration/access-matrix.int.test.ts). One file per area so areas are added independently.
import { getDb } from "../../../lib/db";
import { CV_TYPES } from "../../../lib/holder/cv/sniff-cv";
import { createLifeEvent } from "../../../lib/holder/life-events/create-life-event";
import { newId } from "../../../lib/ids";
import { putObject } from "../../../lib/storage";
import { cvPdf } from "../cv-documents";
import { makeHolderProfile } from "../holder-timeline";
import { marker } from "./fixtures";
import type { AccessRow, AppActor, AppRow, Fixture } from "./types";

const app = (row: Omit<AppRow, "family">): AppRow => ({ family: "app", ...row });

/** The owner's profile with one life event whose title is a marker nobody else may see. */
async function ownerEvent(owner: AppActor) {
  const db = await getDb();
  const profile = await makeHolderProfile(owner.user.id, { displayName: marker("holder") });
  const event = await createLifeEvent(db, owner.user.id, {
    kind: "work",
    title: marker("event"),
    start_date: "2020-01-01",
  });
  return { profile, event, db };
}

const onEvent =
  (body?: object) =>
  async (owner: AppActor): Promise<Fixture> => {
    const { profile, event, db } = await ownerEvent(owner);
    return {
      path: `/holder/life-events/${event.id}`,
      params: { event_id: event.id },
      body,
      resourceId: event.id,
      secrets: [event.title, profile.displayName, profile.slug],
      snapshot: () => db.lifeEvent.findUnique({ where: { id: event.id } }),
    };
  };

/** One stored CV of the owner (with a profile, so it can be parsed), named with a marker. */
async function ownerCv(owner: AppActor) {
  const { profile, db } = await ownerEvent(owner);
  const bytes = await cvPdf(["Experience", "Engineer, Acme", "2019 – 2023"]);
  const id = newId("cv");
  const fileKey = `cvs/${owner.user.id}/${id}`;
  await putObject(fileKey, bytes);
  const cv = await db.cvUpload.create({
    data: {
      id,
      userId: owner.user.id,
      fileKey,
      fileName: `${marker("cv")}.pdf`,
      contentType: CV_TYPES.pdf,
      size: bytes.length,
    },
  });
  return { cv, profile, db };
}

const onCv =
  (suffix: string) =>
  async (owner: AppActor): Promise<Fixture> => {
    const { cv, profile, db } = await ownerCv(owner);
    return {
      path: `/holder/cv/${cv.id}${suffix}`,
      params: { cv_id: cv.id },
      resourceId: cv.id,
      secrets: [cv.fileName, profile.displayName],
      snapshot: () => db.cvUpload.findUnique({ where: { id: cv.id } }),
    };
  };

export const holderTimelineRows: Record<string, AccessRow> = {
  "GET /holder/timeline": app({
    access: "user",
    ok: 200,
    build: async (owner) => {
      const { profile, event } = await ownerEvent(owner);
      return { path: "/holder/timeline", secrets: [event.id, event.title, profile.displayName] };
    },
  }),
  "POST /holder/life-events": app({
    access: "user",
    // Events hang on a holder profile: the other callers have none, so theirs is "create one first".
    others: "not_found",
    admins: "not_found",
    ok: 201,
    build: async (owner) => {
      const { profile, db } = await ownerEvent(owner);
      return {
        path: "/holder/life-events",
        body: { kind: "education", title: "BSc Physics", start_date: "2015-09-01", end_date: "2018-06-30" },
        secrets: [profile.displayName],
        snapshot: () => db.lifeEvent.count({ where: { profileId: profile.id } }),
      };
    },
  }),
  "PATCH /holder/life-events/{event_id}": app({
    access: "user-owner",
    ok: 200,
    invalidBody: () => ({ end_date: "not-a-date" }),
    build: onEvent({ title: "Changed title" }),
  }),
  "DELETE /holder/life-events/{event_id}": app({ access: "user-owner", ok: 200, oneShot: true, build: onEvent() }),
  "GET /holder/achievements": app({ access: "user", ok: 200, build: async () => ({ path: "/holder/achievements" }) }),
  "POST /holder/achievements/check": app({
    access: "user",
    ok: 200,
    build: async (owner) => {
      const { db } = await ownerEvent(owner);
      return {
        path: "/holder/achievements/check",
        // Refused calls unlock nothing for the owner.
        snapshot: () => db.achievement.count({ where: { userId: owner.user.id } }),
      };
    },
  }),
  "POST /holder/cv/upload": app({
    access: "user",
    ok: 201,
    build: async () => {
      const body = new FormData();
      const bytes = await cvPdf(["Education", "BSc, Uni", "2015 – 2018"]);
      body.append("file", new File([Buffer.from(bytes)], "cv.pdf", { type: "application/pdf" }));
      return { path: "/holder/cv/upload", body };
    },
  }),
  "GET /holder/cv/uploads": app({
    access: "user",
    ok: 200,
    build: async (owner) => {
      const { cv } = await ownerCv(owner);
      return { path: "/holder/cv/uploads", secrets: [cv.id, cv.fileName] };
    },
  }),
  "POST /holder/cv/{cv_id}/parse": app({ access: "user-owner", ok: 202, build: onCv("/parse") }),
  "DELETE /holder/cv/{cv_id}": app({
    access: "user-owner",
    ok: 200,
    oneShot: true,
    build: onCv("?delete_events=true"),
  }),
};
