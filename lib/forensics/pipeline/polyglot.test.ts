import { describe, expect, it } from "vitest";
import { innocentZip } from "@/tests/fixtures/hostile/build-archives";
import { jpegWithHtml, smallImage } from "@/tests/fixtures/hostile/build-images";
import { smallPdf } from "@/tests/fixtures/hostile/build-pdfs";
import { ForensicInputError } from "../types";
import { assertNotPolyglot, carriesMarkup, endsWithZip } from "./polyglot";

describe("polyglots", () => {
  it("knows a file that ends with a ZIP archive, as unzip finds one", () => {
    expect(endsWithZip(innocentZip())).toBe(true);
    expect(endsWithZip(Buffer.concat([smallPdf(), innocentZip()]))).toBe(true);
    expect(endsWithZip(smallPdf())).toBe(false);
    // The record's bytes inside a document, not closing it, are not an archive.
    const zip = innocentZip();
    expect(endsWithZip(Buffer.concat([smallPdf(), zip.subarray(zip.length - 22), smallPdf()]))).toBe(false);
  });

  it("knows markup a browser would run, in an image", async () => {
    expect(carriesMarkup(await jpegWithHtml())).toBe(true);
    expect(carriesMarkup(await smallImage("jpeg"))).toBe(false);
    expect(carriesMarkup(Buffer.from('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF/></x:xmpmeta>'))).toBe(false);
  });

  it("refuses them as unsupported_format, naming both formats", async () => {
    const error = (fn: () => void) => {
      try {
        fn();
      } catch (e) {
        return e as ForensicInputError;
      }
      throw new Error("not refused");
    };
    const pdfZip = error(() => assertNotPolyglot(Buffer.concat([smallPdf(), innocentZip()]), "pdf"));
    expect(pdfZip).toBeInstanceOf(ForensicInputError);
    expect(pdfZip.code).toBe("unsupported_format");
    expect(pdfZip.message).toMatch(/a PDF and a ZIP archive at once \(a polyglot\)/);
    const jpegHtml = await jpegWithHtml();
    expect(error(() => assertNotPolyglot(jpegHtml, "jpeg")).message).toMatch(/JPEG image and an HTML page/);
    expect(() => assertNotPolyglot(smallPdf(), "pdf")).not.toThrow();
  });
});
