// One HTTP request for one documented operation, as fast-check values. A third are well-formed (as
// documented, with random valid values, to reach the handlers' own code); the rest are hostile: path
// parameters (valid, an id that exists, or hostile), query (documented keys with valid or hostile
// values, duplicated keys, unknown keys), headers (the right credential most of the time, else none,
// another family's or a broken one; odd Accept, Idempotency-Key, forwarding and cookie headers) and
// a body (valid, damaged, malformed, of the wrong top-level shape, under a wrong content type, or
// multipart).
import fc from "fast-check";
import { damaged, hostileValue, malformedJson } from "./hostile-values";
import type { Operation } from "./operations";
import { arbitraryFor, type JsonSchema } from "./schema-arbitrary";

export interface FuzzContext {
  /** Credentials by name: "v1" (a business token, test mode, every scope), "user", "admin" (JWTs). */
  auth: Record<"v1" | "user" | "admin", Record<string, string>>;
  /** Ids that exist and belong to the fuzzing callers: path parameters sometimes take one. */
  knownIds: string[];
}

export interface FuzzRequest {
  operation: string;
  method: string;
  /** Path and query, already encoded. */
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
}

/** Printable ASCII: what a header value may carry (fetch refuses the rest before sending). */
const headerText = (maxLength: number) =>
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength });

/** URLs whose host is never a public one: a fuzzed URL field must not make the test reach the internet. */
const offlineUrl = fc
  .tuple(
    fc.constantFrom("https://", "http://", "ftp://", "file://", "gopher://", ""),
    fc.constantFrom(
      "127.0.0.1",
      "127.0.0.1:9",
      "10.0.0.1",
      "192.168.1.1",
      "[::1]",
      "[::ffff:127.0.0.1]",
      "169.254.169.254",
      "0x7f.0.0.1",
      "2130706433",
      "017700000001",
      "localhost",
      "fuzz.invalid",
      "user:pass@127.0.0.1",
    ),
    headerText(30),
  )
  .map(([scheme, host, path]) => `${scheme}${host}/${encodeURI(path)}`);

/** The schema with every URL field drawn from offlineUrl. */
function offline(schema: JsonSchema, components: Operation["components"], depth = 0): fc.Arbitrary<unknown> {
  if (schema.type === "string" && (schema.format === "uri" || schema.format === "url")) return offlineUrl;
  return arbitraryFor(schema, components, depth);
}

/** Percent-encoded; a lone surrogate (no UTF-8 form) becomes U+FFFD, as a browser would send it. */
const encode = (text: string) => encodeURIComponent(Buffer.from(text, "utf8").toString("utf8"));

function valueText(value: unknown): string {
  if (typeof value === "string") return value;
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

const hostileText = hostileValue.map(valueText);

function pathArbitrary(operation: Operation, context: FuzzContext): fc.Arbitrary<string> {
  const names = [...operation.template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
  const parameter = (name: string): fc.Arbitrary<string> => {
    const schema = operation.parameters.find((p) => p.in === "path" && p.name === name)?.schema ?? {
      type: "string",
    };
    return (
      fc
        .oneof(
          { weight: 3, arbitrary: offline(schema, operation.components).map(valueText) },
          { weight: 2, arbitrary: fc.constantFrom(...context.knownIds) },
          { weight: 3, arbitrary: hostileText.map((s) => s.slice(0, 1_000)) },
        )
        // An empty or dot segment never reaches a route handler: the URL parser or the router drops it.
        .filter((s) => s !== "" && !/^(\.|%2e){1,2}$/i.test(s))
    );
  };
  return fc
    .tuple(...names.map(parameter))
    .map((values) => names.reduce((path, name, i) => path.replace(`{${name}}`, encode(values[i])), operation.template));
}

function queryArbitrary(operation: Operation): fc.Arbitrary<string> {
  const documented = operation.parameters.filter((p) => p.in === "query");
  const pair = fc.oneof(
    ...(documented.length
      ? [
          {
            weight: 4,
            arbitrary: fc
              .constantFrom(...documented)
              .chain((p) =>
                fc.tuple(
                  fc.constant(p.name),
                  fc.oneof(offline(p.schema, operation.components).map(valueText), hostileText),
                ),
              ),
          },
        ]
      : []),
    { weight: 1, arbitrary: fc.tuple(fc.string({ maxLength: 12 }), hostileText) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom("limit[]", "__proto__", "expand", "a[b]"), hostileText) },
  );
  return fc.tuple(fc.array(pair, { maxLength: 4 }), fc.boolean()).map(([pairs, duplicate]) => {
    const all = duplicate && pairs.length ? [...pairs, pairs[0]] : pairs;
    // Node's HTTP parser refuses a request head over 16 KiB (431) before any route sees it.
    const query = all
      .map(([k, v]) => `${encode(k.slice(0, 100))}=${encode(v.slice(0, 1_000))}`)
      .join("&")
      .slice(0, 6_000)
      .replace(/%[0-9A-F]?$/, "");
    return query ? `?${query}` : "";
  });
}

const WRONG_JSON_TYPES = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=",
  "application/xml",
  "application/json; charset=utf-16",
  "application/json, text/html",
  "application/jsonx",
  "application/*",
  ";;;",
];

interface Body {
  body?: string | Uint8Array<ArrayBuffer>;
  contentType?: string;
}

function jsonBodyArbitrary(operation: Operation): fc.Arbitrary<Body> {
  const valid = operation.json ? offline(operation.json, operation.components) : fc.jsonValue({ maxDepth: 2 });
  const text = fc.oneof(
    { weight: 3, arbitrary: valid.map((v) => JSON.stringify(v) ?? "null") },
    { weight: 4, arbitrary: damaged(valid).map((v) => JSON.stringify(v) ?? "null") },
    { weight: 2, arbitrary: malformedJson },
    { weight: 1, arbitrary: hostileValue.map((v) => JSON.stringify(v) ?? "null") },
  );
  return fc.oneof(
    { weight: 8, arbitrary: text.map((body) => ({ body, contentType: "application/json" })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(text, fc.constantFrom(...WRONG_JSON_TYPES))
        .map(([body, contentType]) => ({ body, contentType })),
    },
    { weight: 1, arbitrary: text.map((body) => ({ body })) },
    { weight: 1, arbitrary: fc.constant({}) },
  );
}

const FILE_PREFIXES = ["%PDF-1.7\n", "\x89PNG\r\n\x1a\n", "\xff\xd8\xff\xe0", "PK\x03\x04", "GIF89a", "<svg", ""];

const fileBytes = fc
  .tuple(fc.constantFrom(...FILE_PREFIXES), fc.uint8Array({ maxLength: 4_096 }))
  .map(([prefix, rest]) => Buffer.concat([Buffer.from(prefix, "latin1"), rest]));

/** A multipart body built by hand, so its parts may lie about their type, name or length. */
function multipartArbitrary(operation: Operation): fc.Arbitrary<Body> {
  const names = Object.keys(operation.multipart?.properties ?? {});
  const part = fc.record({
    name: fc.oneof(fc.constantFrom(...(names.length ? names : ["file"])), fc.string({ maxLength: 10 })),
    file: fc.boolean(),
    filename: fc.oneof(fc.constantFrom("a.pdf", "a.png", "../../x.pdf", "", "é.jpg"), headerText(40)),
    type: fc.constantFrom(
      "application/pdf",
      "image/png",
      "image/jpeg",
      "application/octet-stream",
      "text/html",
      "image/svg+xml",
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ),
    bytes: fc.oneof(
      fileBytes,
      hostileText.map((s) => Buffer.from(s.slice(0, 10_000))),
    ),
  });
  return fc
    .tuple(fc.array(part, { maxLength: 4 }), fc.constantFrom("fuzzboundary", "x"), fc.boolean(), fc.boolean())
    .map(([parts, boundary, truncated, declared]) => {
      const chunks: Buffer[] = [];
      for (const p of parts) {
        const disposition = p.file
          ? `form-data; name="${p.name.replaceAll('"', "")}"; filename="${p.filename.replaceAll('"', "")}"`
          : `form-data; name="${p.name.replaceAll('"', "")}"`;
        chunks.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.file ? `Content-Type: ${p.type}\r\n` : ""}\r\n`,
          ),
          p.bytes,
          Buffer.from("\r\n"),
        );
      }
      chunks.push(Buffer.from(`--${boundary}--\r\n`));
      const whole = Buffer.concat(chunks);
      return {
        body: new Uint8Array(truncated ? whole.subarray(0, Math.floor(whole.length / 2)) : whole),
        contentType: declared ? `multipart/form-data; boundary=${boundary}` : "multipart/form-data",
      };
    });
}

function bodyArbitrary(operation: Operation): fc.Arbitrary<Body> {
  if (operation.method === "GET") return fc.constant({});
  if (operation.multipart)
    return fc.oneof({ weight: 3, arbitrary: multipartArbitrary(operation) }, jsonBodyArbitrary(operation));
  if (operation.json) return jsonBodyArbitrary(operation);
  // No body documented: usually none, sometimes one all the same.
  return fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, jsonBodyArbitrary(operation));
}

function headersArbitrary(operation: Operation, context: FuzzContext): fc.Arbitrary<Record<string, string>> {
  const own = operation.family === "v1" ? context.auth.v1 : context.auth.admin;
  const credential = fc.oneof(
    { weight: 8, arbitrary: fc.constant(own) },
    { weight: 2, arbitrary: fc.constant(operation.family === "v1" ? context.auth.admin : context.auth.user) },
    { weight: 1, arbitrary: fc.constant({}) },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          headerText(80).map((t) => `Bearer ${t}`),
          fc.constantFrom("Bearer", "Bearer ", "Basic dXNlcjpwYXNz", "bearer svc_test_sk_", "Bearer svc_live_sk_x"),
          headerText(9_000).map((t) => `Bearer svc_test_sk_${t}`),
        )
        .map((authorization) => ({ authorization })),
    },
  );
  const extra = fc.record(
    {
      accept: fc.constantFrom("*/*", "text/html", "application/xml", "application/json;q=0", "text/event-stream"),
      "accept-encoding": fc.constantFrom("gzip", "br", "identity;q=0", "*", "gzip;q=abc"),
      "idempotency-key": headerText(300),
      "x-forwarded-for": fc.oneof(fc.constantFrom("unknown", "::1", "1.2.3.4, 5.6.7.8", ""), headerText(50)),
      cookie: fc.oneof(fc.constantFrom("credence_anon=x", "authjs.session-token=junk", "a=b; a=c"), headerText(200)),
      origin: fc.constantFrom("https://evil.example", "null", "http://localhost:3000"),
      "x-admin-secret": headerText(40),
    },
    { requiredKeys: [] },
  );
  return fc.tuple(credential, extra).map(([auth, rest]) => ({ ...rest, ...auth }));
}

/** Headers an operation's description asks for. */
const DOCUMENTED_HEADERS: Record<string, Record<string, string>> = {
  "POST /mcp": { accept: "application/json, text/event-stream" },
};

function hostileRequest(operation: Operation, context: FuzzContext): fc.Arbitrary<FuzzRequest> {
  return fc
    .tuple(
      pathArbitrary(operation, context),
      queryArbitrary(operation),
      headersArbitrary(operation, context),
      bodyArbitrary(operation),
    )
    .map(([path, query, headers, { body, contentType }]) => ({
      operation: operation.key,
      method: operation.method,
      url: `${path}${query}`,
      headers: contentType ? { ...headers, "content-type": contentType } : headers,
      body,
    }));
}

/**
 * Everything as documented: the family's credential, ids that exist or match their schema, documented
 * query values, a body valid by its schema. These reach the handlers' own code with random values.
 */
function wellFormedRequest(operation: Operation, context: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const names = [...operation.template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
  const path = fc
    .tuple(
      ...names.map((name) =>
        fc
          .oneof(
            fc.constantFrom(...context.knownIds),
            offline(
              operation.parameters.find((p) => p.in === "path" && p.name === name)?.schema ?? { type: "string" },
              operation.components,
            ).map(valueText),
          )
          .filter((s) => s !== "" && !/^(\.|%2e){1,2}$/i.test(s)),
      ),
    )
    .map((values) => names.reduce((at, name, i) => at.replace(`{${name}}`, encode(values[i])), operation.template));
  const documented = operation.parameters.filter((p) => p.in === "query");
  const query = fc
    .record(
      Object.fromEntries(
        documented.map((p) => [p.name, offline(p.schema, operation.components).map(valueText)]),
      ) as Record<string, fc.Arbitrary<string>>,
      { requiredKeys: documented.filter((p) => p.required).map((p) => p.name) },
    )
    .map((values) => {
      const pairs = Object.entries(values).map(([k, v]) => `${encode(k)}=${encode(v)}`);
      return pairs.length ? `?${pairs.join("&")}` : "";
    });
  const body: fc.Arbitrary<Body> =
    operation.method === "GET" || (!operation.json && !operation.multipart)
      ? fc.constant({})
      : operation.json && !operation.multipart
        ? offline(operation.json, operation.components).map((v) => ({
            body: JSON.stringify(v),
            contentType: "application/json",
          }))
        : multipartArbitrary(operation);
  const auth = {
    ...(operation.family === "v1" ? context.auth.v1 : context.auth.admin),
    ...DOCUMENTED_HEADERS[operation.key],
  };
  return fc.tuple(path, query, body).map(([at, q, { body: sent, contentType }]) => ({
    operation: operation.key,
    method: operation.method,
    url: `${at}${q}`,
    headers: contentType ? { ...auth, "content-type": contentType } : { ...auth },
    body: sent,
  }));
}

export function requestArbitrary(operation: Operation, context: FuzzContext): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(
    { weight: 1, arbitrary: wellFormedRequest(operation, context) },
    { weight: 2, arbitrary: hostileRequest(operation, context) },
  );
}
