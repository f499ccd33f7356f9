// One HTTP POST of a signed event to a receiver: pinned to the address we checked, no redirects
// (a 3xx is a failure), 10 seconds for the whole exchange, and only the first bytes of the answer
// kept for the developer portal. Never throws: every outcome becomes a SendResult.
//
// Connections are kept alive and reused per origin, at most RECEIVER_CONNECTIONS at once: a
// receiver gets a burst of deliveries over a few connections rather than a handshake each, and
// never more than that many requests at a time (more wait for a connection; the timeout counts
// from the moment a request has one).
// Every request's URL is checked first, and a pooled connection goes to an address that passed
// the same check when it was opened. A receiver may close an idle connection just as we reuse it: that
// request is sent once more on a new one (it cannot have been processed: nothing came back).
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { assertWebhookUrl } from "./assert-webhook-url";

export const SEND_TIMEOUT_MS = 10_000;
export const SNIPPET_BYTES = 1024;

/** Requests at once to one receiver (origin). */
export const RECEIVER_CONNECTIONS = 8;
/** Idle connections are closed after 30 s (sooner when the receiver says so in Keep-Alive). */
const agentOptions = {
  keepAlive: true,
  maxSockets: RECEIVER_CONNECTIONS,
  maxFreeSockets: RECEIVER_CONNECTIONS,
  timeout: 30_000,
};
const agents = { "http:": new http.Agent(agentOptions), "https:": new https.Agent(agentOptions) };

export interface SendRequest {
  url: string;
  livemode: boolean;
  body: string;
  headers: Record<string, string>;
  timeoutMs?: number;
}

export interface SendResult {
  statusCode: number | null;
  latencyMs: number;
  responseSnippet: string | null;
  error: string | null;
}

export async function sendWebhook(request: SendRequest): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const { url, address, family } = await assertWebhookUrl(request.url, request.livemode);
    const { statusCode, snippet } = await post(url, address, family, request);
    return { statusCode, latencyMs: elapsed(), responseSnippet: snippet, error: null };
  } catch (error) {
    return {
      statusCode: null,
      latencyMs: elapsed(),
      responseSnippet: null,
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

async function post(
  url: URL,
  address: string,
  family: 4 | 6,
  request: SendRequest,
): Promise<{ statusCode: number; snippet: string }> {
  try {
    return await postOnce(url, address, family, request);
  } catch (error) {
    if (!(error instanceof StaleConnectionError)) throw error;
    return postOnce(url, address, family, request);
  }
}

/** A reused connection that the receiver had closed: nothing was answered, the request may be sent again. */
class StaleConnectionError extends Error {}

function postOnce(
  url: URL,
  address: string,
  family: 4 | 6,
  request: SendRequest,
): Promise<{ statusCode: number; snippet: string }> {
  const timeoutMs = request.timeoutMs ?? SEND_TIMEOUT_MS;
  const lookup: LookupFunction = (_host, opts, callback) => {
    if (opts.all)
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const secure = url.protocol === "https:";
  const client = secure ? https : http;
  return new Promise((resolve, reject) => {
    const controller = new AbortController();
    const signal = controller.signal;
    let timer: NodeJS.Timeout | undefined;
    const fail = (error: Error) =>
      reject(signal.aborted ? new Error(`No answer within ${timeoutMs / 1000} s.`) : error);
    const req = client.request(
      url,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(request.body)),
          "user-agent": "Credence-Webhooks/1",
          ...request.headers,
        },
        lookup,
        signal,
        agent: agents[secure ? "https:" : "http:"],
      },
      (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        const finish = () =>
          resolve({ statusCode: res.statusCode ?? 0, snippet: Buffer.concat(chunks).toString("utf8") });
        res.on("data", (chunk: Buffer) => {
          if (kept >= SNIPPET_BYTES) return;
          const part = chunk.subarray(0, SNIPPET_BYTES - kept);
          chunks.push(part);
          kept += part.byteLength;
          // The status is known; a receiver streaming a large answer does not hold us up.
          if (kept >= SNIPPET_BYTES) {
            finish();
            res.destroy();
          }
        });
        res.on("end", finish);
        res.on("error", fail);
      },
    );
    req.once("socket", () => {
      timer = setTimeout(() => controller.abort(), timeoutMs);
    });
    req.once("close", () => clearTimeout(timer));
    req.on("error", (error: NodeJS.ErrnoException) => {
      const stale = req.reusedSocket && !signal.aborted && (error.code === "ECONNRESET" || error.code === "EPIPE");
      if (stale) reject(new StaleConnectionError(error.message));
      else fail(error);
    });
    req.end(request.body);
  });
}
