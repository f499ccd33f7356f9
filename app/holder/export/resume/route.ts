import { withApp } from "@/lib/api/app-api";
import { renderResumePdf, resumeFileName } from "@/lib/holder/resume/render-resume";
import { readResumeInput } from "@/lib/holder/resume/resume-input";
import { binaryResponse, disposition } from "@/lib/images/binary-response";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "exportHolderResume",
    summary: "The holder's resume as a PDF",
    description:
      "Profile, verified credentials (never samples), each with its public badge link while it is public, and the " +
      "life events. Needs a holder profile.",
    tag: "holder",
    access: "user",
    responses: { 200: { description: "PDF attachment.", contentType: "application/pdf" } },
    errors: ["not_found"],
  },
  async ({ db, user }) => {
    const input = await readResumeInput(db, user.id);
    return binaryResponse(await renderResumePdf(input), "application/pdf", {
      "content-disposition": disposition("attachment", resumeFileName(input)),
      "cache-control": "no-store",
    });
  },
);
