import { describe, expect, it } from "vitest";
import { cvDocx, cvPdf, damagedPdf, lyingZipDocx, zip, zipBombDocx } from "../../../tests/helpers/cv-documents";
import { CvInputError } from "./cv-errors";
import { readCvText } from "./read-cv-text";
import { CV_TYPES, sniffCv } from "./sniff-cv";

const LINES = ["Ada Example", "Experience", "Engineer, Acme", "2019 – 2023"];

describe("sniffCv", () => {
  it("knows a PDF and a DOCX by their bytes, and nothing else", async () => {
    expect(sniffCv(await cvPdf(LINES))).toBe(CV_TYPES.pdf);
    expect(sniffCv(cvDocx(LINES))).toBe(CV_TYPES.docx);
    expect(sniffCv(zip([{ name: "notes.txt", data: Buffer.from("hello") }]))).toBeNull();
    expect(sniffCv(Buffer.from("Engineer, Acme, 2019 – 2023"))).toBeNull();
    expect(sniffCv(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBeNull();
  });

  it("refuses a ZIP bomb from its directory alone", () => {
    expect(() => sniffCv(zipBombDocx(200))).toThrow(/ZIP bomb/);
  });
});

describe("readCvText", () => {
  it("reads the lines of a PDF and the paragraphs of a DOCX", async () => {
    const pdf = await readCvText(await cvPdf(LINES), CV_TYPES.pdf);
    expect(pdf.split("\n")).toEqual(LINES);
    const docx = await readCvText(cvDocx(LINES), CV_TYPES.docx);
    expect(docx.split("\n").filter(Boolean)).toEqual(LINES);
  });

  it.each([
    ["a damaged PDF", async () => damagedPdf(), CV_TYPES.pdf, /PDF could not be opened/],
    ["a PDF of 3,000 pages", () => cvPdf(LINES, { pages: 3000 }), CV_TYPES.pdf, /3000 pages; a CV of at most 20 pages/],
    ["a ZIP bomb", async () => zipBombDocx(200), CV_TYPES.docx, /ZIP bomb/],
    ["a ZIP that lies about its sizes", async () => lyingZipDocx(40), CV_TYPES.docx, /lies about its sizes/],
    [
      "a ZIP that is not a Word document",
      async () => zip([{ name: "a.txt", data: Buffer.from("x") }]),
      CV_TYPES.docx,
      /DOCX could not be read/,
    ],
  ])("ends %s in a clear error", async (_name, build, type, message) => {
    const started = Date.now();
    const error = await readCvText(await build(), type).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CvInputError);
    expect((error as Error).message).toMatch(message);
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it("stops a reader that takes too long", async () => {
    const error = await readCvText(await cvPdf(LINES), CV_TYPES.pdf, { timeoutMs: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CvInputError);
    expect((error as Error).message).toContain("took longer than");
  });
});
