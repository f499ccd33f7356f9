// A real HTTP webhook receiver whose behaviour the test switches: refuse the first N deliveries
// with 500, hold every later one open (an attempt in flight), or acknowledge with 200. Every request
// is kept with its event id and whether its signature verifies over the raw body.
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  eventId: string;
  bodyEventId: string;
  type: string;
  signatureOk: boolean;
  answer: "refused" | "held" | "acknowledged";
  at: number;
}

export type Mode = { refuseFirst: number; thenHold: true } | { acknowledge: true };

export class Receiver {
  readonly received: Received[] = [];
  private server?: Server;
  private held: Array<{ res: ServerResponse; entry: Received }> = [];
  private refused = 0;
  private mode: Mode = { acknowledge: true };
  secret = "";
  url = "";
  port = 0;

  async listen(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.port = (this.server.address() as AddressInfo).port;
    this.url = `http://127.0.0.1:${this.port}/hook`;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const body = JSON.parse(raw.toString("utf8")) as { id: string; type: string };
    const entry: Received = {
      eventId: String(req.headers["x-service-event-id"]),
      bodyEventId: body.id,
      type: body.type,
      signatureOk: verify(raw, String(req.headers["x-service-signature"] ?? ""), this.secret),
      answer: "acknowledged",
      at: Date.now(),
    };
    this.received.push(entry);
    if ("refuseFirst" in this.mode) {
      if (this.refused < this.mode.refuseFirst) {
        this.refused++;
        entry.answer = "refused";
        res.writeHead(500).end("not now");
        return;
      }
      entry.answer = "held";
      this.held.push({ res, entry });
      return;
    }
    res.writeHead(200).end("ok");
  }

  count(answer: Received["answer"]): number {
    return this.received.filter((r) => r.answer === answer).length;
  }

  /** Event ids acknowledged (answered 2xx), with the time of the first acknowledgement. */
  acknowledged(): Map<string, number> {
    const out = new Map<string, number>();
    for (const r of this.received) if (r.answer === "acknowledged" && !out.has(r.eventId)) out.set(r.eventId, r.at);
    return out;
  }

  /** From now on: refuse the next `n` deliveries with 500, then hold every later one open. */
  refuseThenHold(n: number): void {
    this.received.length = 0;
    this.refused = 0;
    this.mode = { refuseFirst: n, thenHold: true };
  }

  /** From now on acknowledge every delivery, and those still held by a live sender too. */
  acknowledgeAll(): void {
    this.mode = { acknowledge: true };
    for (const { res, entry } of this.held.splice(0)) {
      if (res.socket?.destroyed !== false) continue; // its sender is dead: that attempt is lost
      entry.answer = "acknowledged";
      entry.at = Date.now();
      res.writeHead(200).end("ok");
    }
  }

  async close(): Promise<void> {
    for (const { res } of this.held) res.destroy();
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

/** The signature check of docs/api/webhooks.md: HMAC-SHA256 of `<t>.<raw body>`, 300 s tolerance. */
function verify(raw: Buffer, header: string, secret: string): boolean {
  const parts = header.split(",").map((p) => p.trim().split("=", 2));
  const t = Number(parts.find(([k]) => k === "t")?.[1]);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > 300) return false;
  const expected = createHmac("sha256", secret).update(`${t}.`).update(raw).digest();
  return parts
    .filter(([k, v]) => k === "v1" && /^[0-9a-f]{64}$/.test(v ?? ""))
    .some(([, v]) => timingSafeEqual(Buffer.from(v, "hex"), expected));
}
