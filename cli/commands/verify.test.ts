import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DIPLOMA_LINES, documentPdf, selfieImage } from "@/tests/forensics-support/pipeline-fixtures";
import { guessContentType, verifyCommand } from "./verify";

async function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await verifyCommand(
    args,
    (l) => out.push(l),
    (l) => err.push(l),
  );
  return { code, out: out.join("\n"), err: err.join("\n") };
}

async function file(name: string, bytes: Uint8Array) {
  const dir = await mkdtemp(path.join(tmpdir(), "credence-verify-"));
  const p = path.join(dir, name);
  await writeFile(p, bytes);
  return p;
}

describe("credence verify", () => {
  it("prints a readable report of a document", async () => {
    const { code, out } = await run([await file("diploma.pdf", await documentPdf(DIPLOMA_LINES))]);
    expect(code).toBe(0);
    expect(out).toMatch(/^Verdict: +VERIFIED \(confidence 0\.\d\d\)/);
    expect(out).toMatch(/Document: +diploma/);
    expect(out).toMatch(/degree +Bachelor of Science in Physics/);
    expect(out).toMatch(/Timings: +decode \d+ ms/);
  });

  it("--json prints the report as JSON", async () => {
    const { code, out } = await run(["--json", await file("selfie", new Uint8Array(await selfieImage()))]);
    expect(code).toBe(0);
    const report = JSON.parse(out);
    expect(report.verdict).toBe("NOT_CREDENTIAL");
    expect(report.format).toBe("jpeg");
  });

  it("exits 1 with the message on input errors, a missing file or bad usage", async () => {
    const empty = await run([await file("empty.pdf", new Uint8Array(0))]);
    expect(empty.code).toBe(1);
    expect(empty.err).toMatch(/The file is empty.*\(empty_file\)/);
    expect((await run(["/nonexistent/file.pdf"])).code).toBe(1);
    expect((await run([])).err).toMatch(/usage/);
    expect((await run(["a.pdf", "--fast"])).err).toMatch(/unknown option --fast/);
  });

  it("guesses the content type from the extension, else from the bytes", () => {
    expect(guessContentType("x.HEIC", new Uint8Array())).toBe("image/heic");
    expect(guessContentType("scan", new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(guessContentType("notes", new Uint8Array(Buffer.from("hello")))).toBe("application/octet-stream");
  });
});
