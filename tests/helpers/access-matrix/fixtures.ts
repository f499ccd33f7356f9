// Resources of an owner, created through lib/ (never through the routes under test), each with a
// distinctive marker so a leak of it is recognisable in any answer.
import { randomBytes } from "node:crypto";
import { createBatch } from "../../../lib/batches/create-batch";
import { getDb } from "../../../lib/db";
import { emitEvent } from "../../../lib/events/emit-event";
import { createVerification } from "../../../lib/verifications/create-verification";
import { pingEndpoint } from "../../../lib/webhooks/ping-endpoint";
import { createEndpoint } from "../../../lib/webhooks/create-endpoint";
import { diplomaPdf } from "../../integration/app-documents";
import { webVerification } from "../../integration/app-flows";

/** A string that appears nowhere but where the fixture put it. */
export const marker = (tag: string) => `${tag}-${randomBytes(6).toString("hex")}`;

export const b64 = (text: string) => Buffer.from(text).toString("base64");

/** Never contacted: no job worker runs in the access tests. */
export const UNREACHABLE_HOOK = "http://127.0.0.1:9/hooks";

/** A completed test-mode API verification of the owner, with a recognisable file name. */
export async function apiVerification(userId: string, livemode = false) {
  const fileName = `${marker("owned")}.pdf`;
  const verification = await createVerification(await getDb(), {
    userId,
    livemode,
    source: "api",
    document: {
      bytes: Buffer.from(`credence-test:VERIFIED:${fileName}`),
      contentType: "application/pdf",
      fileName,
      mode: "standard",
    },
  });
  return { id: verification.id, fileName };
}

let diploma: Promise<Uint8Array> | undefined;
/** The same bytes every time: after the first analysis the engine's cache answers at once. */
export const sharedDiploma = () => (diploma ??= diplomaPdf());

/** A live web verification of the owner, through POST /verify (its pages and report exist). */
export async function ownedWebVerification(auth: Record<string, string>): Promise<string> {
  return webVerification(auth, await sharedDiploma());
}

export async function webhookEndpoint(userId: string) {
  const description = marker("endpoint");
  const endpoint = await createEndpoint(
    await getDb(),
    { userId, livemode: false },
    { url: `${UNREACHABLE_HOOK}/${description}`, description },
  );
  return { id: endpoint.id, url: endpoint.url, secretPrefix: endpoint.secret_prefix };
}

/** A delivery (a queued test ping) of one of the owner's endpoints. */
export async function webhookDelivery(userId: string, endpointId: string) {
  const delivery = await pingEndpoint(await getDb(), endpointId, { userId, livemode: false });
  return { id: delivery.id };
}

export async function storedEvent(userId: string) {
  const { event } = await emitEvent(await getDb(), {
    userId,
    livemode: false,
    type: "webhook.ping",
    data: { message: marker("event") },
  });
  return { id: event.id, message: (event.data as { message: string }).message };
}

export async function batch(userId: string) {
  const fileName = `${marker("batched")}.pdf`;
  const created = await createBatch(
    await getDb(),
    { userId, livemode: false },
    {
      documents: [{ base64: b64("credence-test:VERIFIED"), content_type: "application/pdf", file_name: fileName }],
    },
  );
  return { id: created.id, fileName };
}
