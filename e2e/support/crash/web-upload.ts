// An upload of the web application (POST /verify, the page's progress stream) that is in the
// engine at the kill: it resolves once the stream has said the analysis started, and keeps reading
// in the background, noting how the stream ended (a verdict, an error, or cut off by the kill).
// Its row is written pending and charged before the analysis, so after the kill it must end failed
// (`analysis_interrupted`) with the credit given back, by the sweep of any instance.
import { expect } from "@playwright/test";
import { readEventStream } from "../../../components/verify/read-event-stream";

export interface WebUpload {
  verificationId: string;
  /** The last event the stream delivered ("stage", "verdict", "error"…), or "cut" when it broke off. */
  ending(): string;
}

/** Signs in with the password and answers the application JWT. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const json = (await res.json()) as { access_token?: string };
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json.access_token!;
}

/** `bytes` must be a document no one analysed before (an analysis is reused per file hash). */
export async function startWebUpload(base: string, jwt: string, bytes: Buffer): Promise<WebUpload> {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(bytes)], "diploma.pdf", { type: "application/pdf" }));
  const res = await fetch(`${base}/verify`, {
    method: "POST",
    headers: { authorization: `Bearer ${jwt}` },
    body: form,
  });
  expect(res.status, res.status === 200 ? "" : await res.text()).toBe(200);
  const events = readEventStream(res.body!);
  let verificationId = "";
  let last = "";
  for (;;) {
    const { value, done } = await events.next();
    if (done) throw new Error(`the stream ended before the analysis started (last event: ${last})`);
    last = value.event;
    if (value.event === "init") verificationId = (value.data as { verification_id: string }).verification_id;
    if (value.event === "stage") break;
    if (value.event === "verdict" || value.event === "error")
      throw new Error(`the upload ended before the kill: ${JSON.stringify(value.data)}`);
  }
  let ending = last;
  void (async () => {
    try {
      for await (const { event } of { [Symbol.asyncIterator]: () => events }) ending = event;
    } catch {
      ending = "cut";
      return;
    }
    if (ending !== "verdict" && ending !== "error") ending = "cut";
  })();
  return { verificationId, ending: () => ending };
}
