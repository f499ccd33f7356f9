// Serves the documents that batch items and `document_url` verifications fetch. While `holding`,
// a request for a path in `held` is kept open (the fetch is in flight at the kill); otherwise
// every document is answered at once.
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export class DocumentServer {
  private server?: Server;
  private readonly docs = new Map<string, { type: string; bytes: Buffer }>();
  private readonly open: Array<{ res: ServerResponse; path: string }> = [];
  readonly requested: string[] = [];
  holding = new Set<string>();
  base = "";
  port = 0;

  add(path: string, type: string, bytes: Buffer): string {
    this.docs.set(path, { type, bytes });
    return `${this.base}${path}`;
  }

  heldCount(): number {
    return this.open.filter(({ res }) => !res.destroyed).length;
  }

  async listen(): Promise<void> {
    this.server = createServer((req, res) => {
      const path = req.url ?? "";
      this.requested.push(path);
      const doc = this.docs.get(path);
      if (!doc) return void res.writeHead(404).end();
      if (this.holding.has(path)) return void this.open.push({ res, path });
      this.answer(res, path);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.port = (this.server.address() as AddressInfo).port;
    this.base = `http://127.0.0.1:${this.port}`;
  }

  /** Serves every document from now on, those still awaited by a live fetcher too. */
  release(): void {
    this.holding.clear();
    for (const { res, path } of this.open.splice(0)) if (res.socket?.destroyed === false) this.answer(res, path);
  }

  private answer(res: ServerResponse, path: string): void {
    const doc = this.docs.get(path)!;
    res.writeHead(200, { "content-type": doc.type, "content-length": doc.bytes.length }).end(doc.bytes);
  }

  async close(): Promise<void> {
    for (const { res } of this.open) res.destroy();
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}
