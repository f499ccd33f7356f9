import { renderToBuffer } from "@react-pdf/renderer";
import { createElement } from "react";
import { reportFontFamily } from "../../reports/pdf-font";
import { ResumeDocument } from "./resume-document";
import type { ResumeInput } from "./resume-input";

export async function renderResumePdf(input: ResumeInput): Promise<Buffer> {
  const element = createElement(ResumeDocument, { input, font: reportFontFamily(input) });
  return renderToBuffer(element as Parameters<typeof renderToBuffer>[0]);
}

/** "resume-ada-example.pdf": the profile's slug is already a safe file name. */
export const resumeFileName = (input: ResumeInput) => `resume-${input.profile.slug}.pdf`;
