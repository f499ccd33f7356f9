// The markdown reference (docs/api/reference.md) with its generated parts filled in: the errors
// table from ERROR_CODES, the scopes from lib/tokens/scopes.ts, limits from the configuration.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { BATCH_BODY_LIMIT, MAX_BATCH_ITEMS } from "../batches/batch-schema";
import { loadEnv } from "../env";
import { ERROR_CODES, errorAnchor, type ErrorCode } from "../http/errors";
import { formatBytes } from "../http/request";
import { SCOPES } from "../tokens/scopes";
import { SUPPORTED_TYPES } from "../verifications/document-types";
import { API_VERSION } from "../events/event-types";

const SOURCE = path.join(process.cwd(), "docs", "api", "reference.md");
/** The receiver's guide and the findings reference, appended as sections of the same document. */
const WEBHOOKS_GUIDE = path.join(process.cwd(), "docs", "api", "webhooks.md");
export const FINDINGS_GUIDE = path.join(process.cwd(), "docs", "api", "findings.md");

export async function referenceMarkdown(): Promise<string> {
  const env = loadEnv();
  const values: Record<string, string> = {
    base_url: env.APP_URL.replace(/\/$/, ""),
    api_version: API_VERSION,
    max_upload: formatBytes(env.MAX_UPLOAD_BYTES),
    max_batch: String(MAX_BATCH_ITEMS),
    batch_body: formatBytes(BATCH_BODY_LIMIT),
    fetch_timeout: `${env.FETCH_TIMEOUT_MS / 1000} s`,
    credits_deep: String(env.CREDITS_DEEP),
    credits_pro: String(env.CREDITS_PRO),
    credits_business: String(env.CREDITS_BUSINESS),
    supported_types: SUPPORTED_TYPES.map((t) => `\`${t}\``).join(", "),
    errors_table: errorsTable(),
    scopes_table: scopesTable(),
  };
  // Read from the project directory at run time; turbopackIgnore keeps the build from tracing all of it.
  const [reference, webhooks, findings] = await Promise.all(
    [SOURCE, WEBHOOKS_GUIDE, FINDINGS_GUIDE].map((file) => readFile(/*turbopackIgnore: true*/ file, "utf8")),
  );
  // Links between the pages become links within the one document.
  const template = [reference, asSection(webhooks), asSection(findings)]
    .map((part) => part.trimEnd().replace(/\(findings\.md\)/g, "(#forensic-reports-and-findings)"))
    .join("\n\n");
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

function errorsTable(): string {
  const rows = Object.entries(ERROR_CODES)
    .filter(([code]) => code !== "forbidden" && code !== "conflict")
    .map(
      ([code, { status, description }]) =>
        `| <a id="${errorAnchor(code as ErrorCode)}"></a>\`${code}\` | ${status} | ${description} |`,
    );
  return ["| Code | HTTP | Meaning |", "|---|---|---|", ...rows].join("\n");
}

function scopesTable(): string {
  return [
    "| Scope | Allows |",
    "|---|---|",
    ...Object.entries(SCOPES).map(([scope, text]) => `| \`${scope}\` | ${text} |`),
  ].join("\n");
}

/** Every heading one level deeper ("# Webhooks" becomes "## Receiving webhooks"). */
function asSection(markdown: string): string {
  return markdown
    .replace(/^# Webhooks$/m, "# Receiving webhooks")
    .replace(/^(#{1,5}) /gm, "#$1 ")
    .replace(/\(reference\.md(#[\w-]+)\)/g, "($1)");
}
