// Fetching a URL given by a client without letting it reach our own network: https only (plain
// http only for hosts the operator allow-lists), every resolved address checked, the connection
// pinned to the checked address (no second DNS answer can slip in), redirects followed by hand
// with the same checks (at most 3), an overall timeout and a size limit enforced while streaming.
import { lookup as dnsLookup, Resolver } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { loadEnv } from "../env";
import { assertAllowedAddress, UnsafeUrlError } from "./address-policy";

export { UnsafeUrlError } from "./address-policy";

export const MAX_REDIRECTS = 3;

export interface SafeFetchOptions {
  maxBytes: number;
  timeoutMs?: number;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: Uint8Array | string;
  /** Webhooks do not follow redirects; document_url does. */
  followRedirects?: boolean;
}

export interface SafeFetchResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  url: string;
}

export class FetchLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FetchLimitError";
  }
}

/** Throws UnsafeUrlError unless the URL's scheme and host may be fetched at all. */
export function assertSafeUrl(raw: string | URL): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeUrlError(`"${String(raw)}" is not an absolute URL.`);
  }
  if (url.username || url.password) throw new UnsafeUrlError("URLs with credentials are not fetched.");
  const allowlist = loadEnv()
    .FETCH_HTTP_ALLOWLIST.split(",")
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  if (url.protocol === "http:" && allowlist.includes(url.hostname.toLowerCase())) return url;
  if (url.protocol !== "https:") throw new UnsafeUrlError(`Only https:// URLs are fetched (got ${url.protocol}).`);
  return url;
}

/** Resolves a host and checks every address; returns the one to connect to. */
export async function resolveSafeAddress(hostname: string): Promise<{ address: string; family: 4 | 6 }> {
  const host = hostname.replace(/^\[|\]$/g, "");
  const literal = isIP(host);
  const addresses = literal ? [{ address: host, family: literal }] : await resolveHost(host);
  if (addresses.length === 0) throw new UnsafeUrlError(`${host} does not resolve.`);
  for (const a of addresses) assertAllowedAddress(a.address, host);
  return { address: addresses[0].address, family: addresses[0].family === 6 ? 6 : 4 };
}

/** Every address of a name: from FETCH_DNS_SERVERS when set, else from the system resolver. */
async function resolveHost(host: string): Promise<Array<{ address: string; family: number }>> {
  const servers = loadEnv()
    .FETCH_DNS_SERVERS.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (servers.length === 0) return dnsLookup(host, { all: true, verbatim: true });
  const resolver = new Resolver({ timeout: 2000, tries: 2 });
  resolver.setServers(servers);
  // A name with no record of one family answers ENODATA (or ENOTFOUND) for it: that family is empty.
  const family = (records: Promise<string[]>, n: 4 | 6) =>
    records.then(
      (list) => list.map((address) => ({ address, family: n })),
      (error: NodeJS.ErrnoException) => {
        if (error.code === "ENODATA" || error.code === "ENOTFOUND") return [];
        throw error;
      },
    );
  const [v4, v6] = await Promise.all([family(resolver.resolve4(host), 4), family(resolver.resolve6(host), 6)]);
  return [...v4, ...v6];
}

export async function safeFetch(raw: string, options: SafeFetchOptions): Promise<SafeFetchResult> {
  const timeoutMs = options.timeoutMs ?? loadEnv().FETCH_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  let url = assertSafeUrl(raw);
  for (let redirects = 0; ; redirects++) {
    const result = await requestOnce(url, options, signal, timeoutMs);
    const location = result.headers.location;
    const isRedirect = [301, 302, 303, 307, 308].includes(result.status) && location;
    if (!isRedirect || options.followRedirects === false) return result;
    if (redirects >= MAX_REDIRECTS) throw new FetchLimitError(`More than ${MAX_REDIRECTS} redirects.`);
    url = assertSafeUrl(new URL(location, url));
  }
}

async function requestOnce(
  url: URL,
  options: SafeFetchOptions,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<SafeFetchResult> {
  const pinned = await resolveSafeAddress(url.hostname);
  // The socket connects to the address we checked, whatever the resolver would say now.
  const lookup: LookupFunction = (_host, opts, callback) => {
    if (opts.all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const client = url.protocol === "https:" ? https : http;
  return new Promise<SafeFetchResult>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: options.method ?? "GET",
        headers: { "user-agent": "Credence/1 (+document fetcher)", ...options.headers },
        lookup,
        signal,
        agent: false,
      },
      (res) => {
        const declared = Number(res.headers["content-length"] ?? "NaN");
        if (Number.isFinite(declared) && declared > options.maxBytes) {
          res.destroy();
          reject(new FetchLimitError(`The response is ${declared} bytes; the limit is ${options.maxBytes}.`));
          return;
        }
        const chunks: Buffer[] = [];
        let total = 0;
        res.on("data", (chunk: Buffer) => {
          total += chunk.byteLength;
          if (total > options.maxBytes) {
            res.destroy();
            reject(new FetchLimitError(`The response exceeds the limit of ${options.maxBytes} bytes.`));
            return;
          }
          chunks.push(chunk);
        });
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            url: url.toString(),
          }),
        );
        res.on("error", (error) =>
          reject(signal.aborted ? new FetchLimitError(`No complete answer within ${timeoutMs} ms.`) : error),
        );
      },
    );
    req.on("error", (error) => {
      reject(signal.aborted ? new FetchLimitError(`No complete answer within ${timeoutMs} ms.`) : error);
    });
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}
