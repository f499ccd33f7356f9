import { afterAll, describe, expect, it } from "vitest";
import { GET as resume } from "../../app/holder/export/resume/route";
import { getDb } from "../../lib/db";
import { createLifeEvent } from "../../lib/holder/life-events/create-life-event";
import { stopJobWorkers } from "../../lib/jobs/workers";
import { call, makeSession } from "../helpers/harness";
import { makeCredential, makeHolderProfile } from "../helpers/holder-timeline";
import { pdfText } from "../helpers/pdf-text";

afterAll(async () => {
  await stopJobWorkers();
});

describe("GET /holder/export/resume", () => {
  it("renders the profile, live credentials with their badge links and the life events, never samples", async () => {
    const holder = await makeSession();
    const profile = await makeHolderProfile(holder.user.id, { displayName: "Ada Lovelace", headline: "Analyst" });
    const { badge } = await makeCredential(profile.id, holder.user.id, {
      label: "MSc Mathematics",
      badge: true,
      fields: { institution: "University of London" },
    });
    await makeCredential(profile.id, holder.user.id, { sample: true, label: "Sample Diploma" });
    const db = await getDb();
    await createLifeEvent(db, holder.user.id, {
      kind: "work",
      title: "Analytical Engine notes",
      start_date: "2019-01-01",
    });
    const res = await call(resume, { path: "/holder/export/resume", headers: holder.auth });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toContain(`resume-${profile.slug}.pdf`);
    const raw = await resume(new Request("http://localhost:3000/holder/export/resume", { headers: holder.auth }), {
      params: Promise.resolve({}),
    });
    const text = await pdfText(new Uint8Array(await raw.arrayBuffer()));
    expect(text).toContain("Ada Lovelace");
    expect(text).toContain("MSc Mathematics");
    expect(text).toContain(`/badge/${badge!.hash}`);
    expect(text).toContain("Analytical Engine notes");
    expect(text).not.toContain("Sample Diploma");
  });

  it("needs a profile", async () => {
    const stranger = await makeSession();
    const res = await call(resume, { path: "/holder/export/resume", headers: stranger.auth });
    expect(res.status).toBe(404);
  });
});
