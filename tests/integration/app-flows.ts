// Shared steps of the application route tests: a real web verification through POST /verify,
// and the text of a PDF as pdfjs reads it.
import { POST as verify } from "../../app/verify/route";
import { pdfjs, PDFJS_RESOURCES } from "../../lib/forensics/pipeline/pdfjs";
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

export async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await pdfjs.getDocument({ data: bytes.slice(), ...PDFJS_RESOURCES, verbosity: 0 }).promise;
  const parts: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    parts.push(content.items.map((i) => ("str" in i ? i.str : "")).join(" "));
  }
  await doc.destroy();
  return parts.join("\n");
}
