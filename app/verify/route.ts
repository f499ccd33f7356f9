import { withApp } from "@/lib/api/app-api";
import { anonymousCaller, anonymousCookieHeader } from "@/lib/verifications/anonymous-caller";
import { EVENT_STREAM_HEADERS, eventStream } from "@/lib/verifications/event-stream";
import { createVerificationMultipartSchema, parseDocumentRequest } from "@/lib/verifications/parse-document-request";
import { runWebVerification } from "@/lib/verifications/run-web-verification";
import { startWebVerification } from "@/lib/verifications/start-web-verification";
import { webCharge } from "@/lib/verifications/web-allowance";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
export const maxDuration = 120;

export const POST = withApp(
  {
    operationId: "verifyDocument",
    summary: "Verify a document, streaming the progress",
    description:
      "Server-sent events: `init {verification_id, filename}`, `stage {stage, status: start|complete, label, " +
      "duration_ms?, details?}`, `progress {stage, message}`, `verdict {verification_id, status, verdict, confidence, " +
      "doc_type, report}`, `error {verification_id, code, message}`. Anonymous callers get the cookie `credence_anon`; " +
      "with a bearer token or session the verification joins the account's history. A depleted allowance answers " +
      "429 before the stream starts, a full engine 503 engine_busy.",
    tag: "verify",
    access: "optional",
    body: { multipart: createVerificationMultipartSchema },
    responses: { 200: { description: "The progress and the verdict as events.", contentType: "text/event-stream" } },
    errors: ["rate_limited", "payload_too_large", "unsupported_media_type", "engine_busy"],
  },
  async ({ req, db, user, headers }) => {
    const document = await parseDocumentRequest(req);
    const anonymous = user ? null : anonymousCaller(req);
    const { credits } = await webCharge(db, { user, anonymous }, document.mode);
    const verification = await startWebVerification(db, { user, document, anonymous, credits });
    if (anonymous?.newCookie) headers.append("set-cookie", anonymousCookieHeader(anonymous.cookie));
    const stream = eventStream(
      { event: "init", data: { verification_id: verification.id, filename: verification.fileName } },
      (send) => runWebVerification(db, verification, document.bytes, send),
    );
    return new Response(stream, { headers: EVENT_STREAM_HEADERS });
  },
);
