import { withApp } from "@/lib/api/app-api";
import { anonymousCaller, anonymousCookieHeader } from "@/lib/verifications/anonymous-caller";
import { EVENT_STREAM_HEADERS, eventStream } from "@/lib/verifications/event-stream";
import { parseDocumentRequest } from "@/lib/verifications/parse-document-request";
import { runWebVerification } from "@/lib/verifications/run-web-verification";
import { startWebVerification } from "@/lib/verifications/start-web-verification";
import { webCharge } from "@/lib/verifications/web-allowance";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
export const maxDuration = 120;

export const POST = withApp({ access: "optional" }, async ({ req, db, user, headers }) => {
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
});
