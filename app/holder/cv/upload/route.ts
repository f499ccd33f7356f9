import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { cvUploadSchema, uploadCvMultipartSchema } from "@/lib/holder/cv/cv-schema";
import { toApiCvUpload } from "@/lib/holder/cv/serialize";
import { uploadCv } from "@/lib/holder/cv/upload-cv";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withApp(
  {
    operationId: "uploadHolderCv",
    summary: "Upload a CV (PDF or DOCX)",
    description:
      "Multipart field `file`, at most 10 MB. The type is read from the bytes, not the name: a PDF, or a ZIP whose " +
      "[Content_Types].xml declares a Word document. Stored encrypted. Parse it with POST /holder/cv/{cv_id}/parse.",
    tag: "holder",
    access: "user",
    body: { multipart: uploadCvMultipartSchema },
    responses: { 201: { description: "The stored CV, status uploaded.", schema: cvUploadSchema } },
    errors: ["payload_too_large", "unsupported_media_type"],
  },
  async ({ db, user, req }) => json(toApiCvUpload(await uploadCv(db, user.id, req)), { status: 201 }),
);
