import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { makeUser } from "../../../tests/helpers/harness";
import { makeHolderProfile } from "../../../tests/helpers/holder-credentials";
import { getDb, type CvStatus } from "../../db";
import { newId } from "../../ids";
import { stopJobWorkers } from "../../jobs/workers";
import { failStuckCvParses, STUCK_PARSE_MESSAGE, STUCK_PARSE_MS } from "./fail-stuck-cv-parses";
import { requestCvParse } from "./request-cv-parse";

afterAll(async () => {
  await stopJobWorkers(); // a parse asked for again queued its job
});

const NOW = new Date("2026-11-26T12:00:00Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms);

async function cv(userId: string, status: CvStatus, times: { parseStartedAt?: Date | null; createdAt?: Date }) {
  const db = await getDb();
  return db.cvUpload.create({
    data: {
      id: newId("cv"),
      userId,
      fileKey: `cv/${randomBytes(8).toString("hex")}`,
      fileName: "cv.pdf",
      contentType: "application/pdf",
      size: 1000,
      status,
      parseStartedAt: times.parseStartedAt ?? null,
      createdAt: times.createdAt ?? ago(60_000),
    },
  });
}

describe("failStuckCvParses", () => {
  it("fails only the CVs parsing for longer than allowed, with a sentence saying what to do", async () => {
    const db = await getDb();
    const user = await makeUser();
    const stuck = await cv(user.id, "parsing", {
      parseStartedAt: ago(STUCK_PARSE_MS + 1000),
      createdAt: ago(3_600_000),
    });
    const legacy = await cv(user.id, "parsing", { parseStartedAt: null, createdAt: ago(STUCK_PARSE_MS + 1000) });
    const running = await cv(user.id, "parsing", { parseStartedAt: ago(60_000), createdAt: ago(3_600_000) });
    const oldUpload = await cv(user.id, "uploaded", { createdAt: ago(3_600_000) });
    const parsed = await cv(user.id, "parsed", { parseStartedAt: ago(3_600_000), createdAt: ago(3_600_000) });

    // Other tests' CVs may be swept too; the ones made here are what is checked.
    expect(await failStuckCvParses(db, { now: NOW })).toBeGreaterThanOrEqual(2);
    const status = async (id: string) => db.cvUpload.findUniqueOrThrow({ where: { id } });
    expect(await status(stuck.id)).toMatchObject({ status: "failed", parseError: STUCK_PARSE_MESSAGE });
    expect(await status(legacy.id)).toMatchObject({ status: "failed", parseError: STUCK_PARSE_MESSAGE });
    expect(await status(running.id)).toMatchObject({ status: "parsing", parseError: null });
    expect((await status(oldUpload.id)).status).toBe("uploaded");
    expect((await status(parsed.id)).status).toBe("parsed");
    expect(STUCK_PARSE_MESSAGE).toContain(`${STUCK_PARSE_MS / 60_000} minutes`);
  });

  it("lets the holder start a failed parse again, which records when it started", async () => {
    const db = await getDb();
    const user = await makeUser();
    await makeHolderProfile(user.id);
    const stuck = await cv(user.id, "parsing", { parseStartedAt: ago(STUCK_PARSE_MS * 2) });
    await expect(requestCvParse(db, user.id, stuck.id)).rejects.toThrow("being parsed already");
    await failStuckCvParses(db, { now: NOW });
    const before = Date.now();
    const again = await requestCvParse(db, user.id, stuck.id);
    expect(again).toMatchObject({ status: "parsing", parseError: null });
    expect(again.parseStartedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // Just started: the sweeper leaves it alone.
    await failStuckCvParses(db);
    expect((await db.cvUpload.findUniqueOrThrow({ where: { id: stuck.id } })).status).toBe("parsing");
  });
});
