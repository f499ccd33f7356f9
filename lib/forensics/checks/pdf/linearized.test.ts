// Linearised ("fast web view") files carry a first-page cross-reference section with its own
// trailer (and, with classic tables, its own %%EOF): part of the original, not an update.
// Samples: the pdf-lib certificate of tests/forensics-support/pdf/fixtures.ts linearised by qpdf 11
// (`qpdf --linearize --object-streams=disable|generate`).
import { PDFName, PDFRawStream } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { pageContent } from "./document";
import { check } from "./index";
import { latin1, scanRevisions } from "./revisions";
import { contextFor } from "@/tests/forensics-support/pdf/fixtures";
import { pdfSample as sample } from "@/tests/forensics-support/pdf/samples";
import { saveIncrementally } from "@/tests/forensics-support/pdf/save-incrementally";

const hex = (s: string) => Buffer.from(s, "latin1").toString("hex").toUpperCase();

describe.each(["linearized-xref-table.pdf", "linearized-xref-stream.pdf"])("%s", (name) => {
  it("is one revision and raises no alarm", async () => {
    const bytes = sample(name);
    expect(scanRevisions(latin1(bytes))).toMatchObject({ linearized: true, revisions: [expect.anything()] });
    const findings = await check.run(contextFor(bytes), () => {});
    expect(findings.filter((f) => f.severity !== "info")).toEqual([]);
    expect(findings.find((f) => f.check === "pdf.revisions")?.message).toMatch(/linearised/);
  });

  it("still shows an edit appended to it", async () => {
    const edited = await saveIncrementally(sample(name), (doc) => {
      const page = doc.getPage(0);
      const content = Buffer.from(pageContent(doc, page))
        .toString("latin1")
        .replace(hex("2019-77341"), hex("2019-77841"));
      page.node.set(
        PDFName.of("Contents"),
        doc.context.register(PDFRawStream.of(doc.context.obj({}), Buffer.from(content, "latin1"))),
      );
    });
    expect(scanRevisions(latin1(edited)).revisions).toHaveLength(2);
    const findings = await check.run(contextFor(edited), () => {});
    expect(findings.find((f) => f.check === "pdf.incremental_update")).toMatchObject({ severity: "critical", page: 1 });
  });
});
