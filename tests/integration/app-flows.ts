// Shared steps of the application route tests: a real web verification through POST /verify.
import { POST as verify } from "../../app/verify/route";
import { diplomaPdf } from "./app-documents";

export async function webVerification(headers: Record<string, string> = {}, bytes?: Uint8Array): Promise<string> {
  const form = new FormData();
  form.append(
    "file",
    new File([Buffer.from(bytes ?? (await diplomaPdf()))], "diploma.pdf", { type: "application/pdf" }),
  );
  const res = await verify(new Request("http://localhost:3000/verify", { method: "POST", headers, body: form }));
  if (res.status !== 200) throw new Error(`POST /verify answered ${res.status}: ${await res.text()}`);
  const text = await res.text();
  if (!text.includes("event: verdict")) throw new Error(`no verdict in the stream: ${text.slice(-500)}`);
  return /"verification_id":"([^"]+)"/.exec(text)![1];
}
