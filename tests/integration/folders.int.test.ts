// Applicant folders: a reviewer groups one applicant's documents, reads their cross-document
// consistency and exports them. The consistency test runs on fields the real engine read.
import { describe, expect, it } from "vitest";
import { GET as exportCsv } from "../../app/folders/[folder_id]/export/route";
import { DELETE as removeFolder, GET as getFolder, PATCH as patchFolder } from "../../app/folders/[folder_id]/route";
import { GET as summary } from "../../app/folders/[folder_id]/summary/route";
import { DELETE as unlink } from "../../app/folders/[folder_id]/verifications/[verification_id]/route";
import { GET as listLinks, POST as link } from "../../app/folders/[folder_id]/verifications/route";
import { GET as list, POST as create } from "../../app/folders/route";
import { getDb } from "../../lib/db";
import { call, makeSession } from "../helpers/harness";
import { makeCompletedVerification } from "../helpers/holder-credentials";
import { diplomaPdf } from "./app-documents";
import { webVerification } from "./app-flows";

type Session = Awaited<ReturnType<typeof makeSession>>;

const createAs = (who: Session, body: object) =>
  call(create, { method: "POST", path: "/folders", headers: who.auth, body });

async function folderOf(who: Session, body: object = { name: "Applicant 2026-114" }): Promise<string> {
  const res = await createAs(who, body);
  expect(res.status).toBe(201);
  return res.json.id;
}

const linkAs = (who: Session, folderId: string, verificationId: string) =>
  call(link, {
    method: "POST",
    path: `/folders/${folderId}/verifications`,
    headers: who.auth,
    body: { verification_id: verificationId },
    params: { folder_id: folderId },
  });

const at = (who: Session, folderId: string, suffix = "") => ({
  path: `/folders/${folderId}${suffix}`,
  headers: who.auth,
  params: { folder_id: folderId },
});

describe("folders", () => {
  it("creates, lists, updates and deletes a folder; deleting keeps its verifications", async () => {
    const owner = await makeSession();
    const created = await createAs(owner, {
      name: "  Admissions: A. Eriksson ",
      applicant_name: "Anna Eriksson",
      reference: "APP-2026-114",
      notes: "Transfer student",
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      object: "folder",
      name: "Admissions: A. Eriksson",
      applicant_name: "Anna Eriksson",
      reference: "APP-2026-114",
      notes: "Transfer student",
      status: "open",
      document_count: 0,
      worst_verdict: null,
    });
    const id = created.json.id as string;

    const patched = await call(patchFolder, {
      ...at(owner, id),
      method: "PATCH",
      body: { status: "in_review", notes: null },
    });
    expect(patched.json).toMatchObject({ status: "in_review", notes: null, reference: "APP-2026-114" });

    const v = await makeCompletedVerification(owner.user.id);
    expect((await linkAs(owner, id, v.id)).status).toBe(201);
    const page = await call(list, { path: "/folders?status=in_review", headers: owner.auth });
    expect(page.json).toMatchObject({ object: "list", has_more: false, data: [{ id, document_count: 1 }] });

    const deleted = await call(removeFolder, { ...at(owner, id), method: "DELETE" });
    expect(deleted.json).toEqual({ id, object: "folder", deleted: true });
    const db = await getDb();
    expect(await db.verification.findUnique({ where: { id: v.id } })).not.toBeNull();
    expect(await db.folderVerification.count({ where: { folderId: id } })).toBe(0);
    expect((await call(getFolder, at(owner, id))).status).toBe(404);
  });

  it("refuses bad input with a message naming the field", async () => {
    const owner = await makeSession();
    const noName = await createAs(owner, { name: "   " });
    expect(noName.status).toBe(422);
    expect(JSON.stringify(noName.json)).toContain("name is required");
    const badStatus = await createAs(owner, { name: "x", status: "done" });
    expect(badStatus.status).toBe(422);
    expect(JSON.stringify(badStatus.json)).toContain("must be one of open, in_review, approved, rejected, archived");
    const id = await folderOf(owner);
    const empty = await call(patchFolder, { ...at(owner, id), method: "PATCH", body: {} });
    expect(empty.status).toBe(422);
  });

  it("pages through folders newest first", async () => {
    const owner = await makeSession();
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await folderOf(owner, { name: `Applicant ${i}` }));
    const first = await call(list, { path: "/folders?limit=2", headers: owner.auth });
    expect(first.json.data.map((f: { id: string }) => f.id)).toEqual([ids[2], ids[1]]);
    expect(first.json.has_more).toBe(true);
    const second = await call(list, {
      path: `/folders?limit=2&starting_after=${first.json.next_cursor}`,
      headers: owner.auth,
    });
    expect(second.json).toMatchObject({ has_more: false, next_cursor: null });
    expect(second.json.data.map((f: { id: string }) => f.id)).toEqual([ids[0]]);
  });

  it("links only the user's own live verifications, once; unlinking keeps the verification", async () => {
    const owner = await makeSession();
    const stranger = await makeSession();
    const id = await folderOf(owner);
    const mine = await makeCompletedVerification(owner.user.id);
    const theirs = await makeCompletedVerification(stranger.user.id);
    const simulated = await makeCompletedVerification(owner.user.id, { livemode: false });

    expect((await linkAs(owner, id, mine.id)).status).toBe(201);
    expect((await linkAs(owner, id, mine.id)).status).toBe(200);
    const foreign = await linkAs(owner, id, theirs.id);
    expect(foreign.status).toBe(404);
    const test = await linkAs(owner, id, simulated.id);
    expect(test.status).toBe(422);
    expect(JSON.stringify(test.json)).toContain("test mode");
    // Another user can neither see nor fill the owner's folder.
    expect((await linkAs(stranger, id, theirs.id)).status).toBe(404);

    const links = await call(listLinks, at(owner, id, "/verifications"));
    expect(links.json.data).toHaveLength(1);
    expect(links.json.data[0]).toMatchObject({ verification_id: mine.id, verdict: "VERIFIED" });

    const path = `/folders/${id}/verifications/${mine.id}`;
    const params = { folder_id: id, verification_id: mine.id };
    expect((await call(unlink, { method: "DELETE", path, headers: owner.auth, params })).status).toBe(200);
    expect((await call(unlink, { method: "DELETE", path, headers: owner.auth, params })).status).toBe(404);
    const db = await getDb();
    expect(await db.verification.findUnique({ where: { id: mine.id } })).not.toBeNull();
  });

  it("catches a name mismatch between two documents read by the engine, and agrees when they match", async () => {
    const owner = await makeSession();
    const id = await folderOf(owner);
    const jane = await webVerification(owner.auth, await diplomaPdf("Jane Example"));
    const janeAgain = await webVerification(owner.auth, await diplomaPdf("JANE EXAMPLE"));
    for (const v of [jane, janeAgain]) expect((await linkAs(owner, id, v)).status).toBe(201);

    const agreeing = await call(summary, at(owner, id, "/summary"));
    expect(agreeing.status).toBe(200);
    const names = agreeing.json.comparisons.find((c: { attribute: string }) => c.attribute === "holder_name");
    // Case aside, the same words: one value, with both documents behind it.
    expect(names.status).toBe("agree");
    expect(names.values).toHaveLength(1);
    expect(names.values[0].sources.map((s: { verification_id: string }) => s.verification_id)).toEqual([
      jane,
      janeAgain,
    ]);
    expect(agreeing.json.status).toBe("consistent");

    const other = await webVerification(owner.auth, await diplomaPdf("Robert Sample"));
    await linkAs(owner, id, other);
    const conflicting = await call(summary, at(owner, id, "/summary"));
    expect(conflicting.json.status).toBe("conflicts");
    const conflict = conflicting.json.comparisons.find((c: { attribute: string }) => c.attribute === "holder_name");
    expect(conflict.status).toBe("conflict");
    expect(conflict.values.at(-1)).toMatchObject({ value: "Robert Sample", sources: [{ verification_id: other }] });

    const detail = await call(getFolder, at(owner, id));
    expect(detail.json).toMatchObject({ document_count: 3, summary: { status: "conflicts" } });
    expect(detail.json.verifications.map((v: { verification_id: string }) => v.verification_id)).toEqual([
      jane,
      janeAgain,
      other,
    ]);
  });

  it("exports RFC 4180 CSV with a BOM, neutralising formulas in what documents say", async () => {
    const owner = await makeSession();
    const id = await folderOf(owner, { name: "Ünïcode applicant, #7" });
    const hostile = await makeCompletedVerification(owner.user.id, {
      fields: { holder_name: '=HYPERLINK("http://evil.example","click")', institution: "University of Example" },
    });
    await linkAs(owner, id, hostile.id);
    const res = await call(exportCsv, at(owner, id, "/export"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toContain("credence-folder-Unicode-applicant-7.csv");
    // TextDecoder drops a byte-order mark: read the raw bytes for it.
    const raw = await exportCsv(new Request(`http://localhost:3000/folders/${id}/export`, { headers: owner.auth }), {
      params: Promise.resolve({ folder_id: id }),
    });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, row, end] = res.text.split("\r\n");
    expect(header.split(",").slice(0, 6)).toEqual([
      "verification_id",
      "file_name",
      "doc_type",
      "status",
      "verdict",
      "confidence",
    ]);
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(row.startsWith(hostile.id)).toBe(true);
    expect(end).toBe("");
  });
});
