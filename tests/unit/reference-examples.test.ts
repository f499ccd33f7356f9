// docs/api/reference.md (the page /v1/docs.md and /v1/docs/reference render) shows every /v1
// endpoint in curl, Node (@credence/client) and Python (credence). A new endpoint fails here until
// it has its three examples and both clients have its method.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Credence } from "../../clients/node/src/index";
import { v1Document } from "../../scripts/client-types";

const ROOT = path.resolve(__dirname, "../..");
const reference = readFileSync(path.join(ROOT, "docs/api/reference.md"), "utf8");
const pythonClient = readFileSync(path.join(ROOT, "clients/python/credence/_client.py"), "utf8");

/** operationId → the call each client's example makes. */
const CALLS: Record<string, { node: string; python: string }> = {
  createVerification: { node: "verifications.create", python: "verifications.create" },
  getVerification: { node: "verifications.retrieve", python: "verifications.retrieve" },
  listVerifications: { node: "verifications.list", python: "verifications.list" },
  createBatch: { node: "batches.create", python: "batches.create" },
  getBatch: { node: "batches.retrieve", python: "batches.retrieve" },
  getAccount: { node: "account.retrieve", python: "account.retrieve" },
  getUsage: { node: "account.usage", python: "account.usage" },
  createWebhook: { node: "webhookEndpoints.create", python: "webhook_endpoints.create" },
  listWebhooks: { node: "webhookEndpoints.list", python: "webhook_endpoints.list" },
  getWebhook: { node: "webhookEndpoints.retrieve", python: "webhook_endpoints.retrieve" },
  deleteWebhook: { node: "webhookEndpoints.delete", python: "webhook_endpoints.delete" },
  rotateWebhookSecret: { node: "webhookEndpoints.rotateSecret", python: "webhook_endpoints.rotate_secret" },
  pingWebhook: { node: "webhookEndpoints.ping", python: "webhook_endpoints.ping" },
  listWebhookDeliveries: { node: "webhookEndpoints.deliveries.list", python: "webhook_endpoints.deliveries.list" },
  replayWebhookDelivery: {
    node: "webhookEndpoints.deliveries.replay",
    python: "webhook_endpoints.deliveries.replay",
  },
  listEvents: { node: "events.list", python: "events.list" },
  getEvent: { node: "events.retrieve", python: "events.retrieve" },
};
/** Not wrapped by the clients: the documentation itself, and MCP (for agents, see /mcp/docs). */
const NOT_WRAPPED = new Set(["getOpenApi", "getDocsMarkdown", "getDocsReference"]);

const operations = Object.entries(v1Document().paths as Record<string, Record<string, { operationId: string }>>)
  .filter(([p]) => p.startsWith("/v1/"))
  .flatMap(([p, methods]) => Object.entries(methods).map(([method, op]) => ({ path: p, method, id: op.operationId })))
  .filter((op) => !NOT_WRAPPED.has(op.id));

/** The blocks of one language in the reference. */
function blocks(language: string): string {
  return [...reference.matchAll(new RegExp("```" + language + "\\n([\\s\\S]*?)```", "g"))].map((m) => m[1]).join("\n");
}

describe("the /v1 reference's examples", () => {
  const curl = blocks("bash");
  const node = blocks("js");
  const python = blocks("python");

  it.each(operations.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op] as const))(
    "%s in curl, Node and Python",
    (_name, op) => {
      const call = CALLS[op.id];
      expect(call, `${op.id}: add its client calls to CALLS and examples to docs/api/reference.md`).toBeDefined();
      const pathPattern = op.path.replace(/\{[^}]+\}/g, '[^\\s/?"]+').replace(/\//g, "\\/");
      const method = op.method === "get" ? "" : `.*-X ${op.method.toUpperCase()}|.*-(d|F) `;
      const curlLine = curl
        .replace(/\\\n\s*/g, " ")
        .split("\n")
        .find(
          (line) =>
            line.includes("curl") &&
            new RegExp(`\\{\\{base_url\\}\\}${pathPattern}(["?\\s]|$)`).test(line) &&
            (method === "" ? !/-X |-d |-F /.test(line) : new RegExp(method).test(line)),
        );
      expect(curlLine, `a curl example of ${op.method.toUpperCase()} ${op.path}`).toBeDefined();
      expect(node).toContain(`credence.${call.node}(`);
      expect(python).toContain(`credence.${call.python}(`);

      const client = new Credence({ apiKey: "svc_test_sk_x", baseUrl: "http://127.0.0.1:9" });
      const target = call.node.split(".").reduce<unknown>((o, key) => (o as Record<string, unknown>)[key], client);
      expect(typeof target, `Node client method ${call.node}`).toBe("function");
      expect(pythonClient).toMatch(new RegExp(`def ${call.python.split(".").pop()}\\(`));
    },
  );
});
