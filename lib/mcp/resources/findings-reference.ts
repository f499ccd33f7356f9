// Resource credence://reference/findings: docs/api/findings.md, the reference of the report's
// shape, the severities and every finding code, so an agent can read what a `check` means.
import { readFile } from "node:fs/promises";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { FINDINGS_GUIDE } from "../../openapi/reference-markdown";

export const FINDINGS_URI = "credence://reference/findings";

export function registerFindingsReference(server: McpServer) {
  server.registerResource(
    "findings-reference",
    FINDINGS_URI,
    {
      title: "Forensic reports and findings",
      description: "The report's fields, what each severity means, how findings become the verdict, every check code.",
      mimeType: "text/markdown",
    },
    async (uri) => ({
      contents: [{ uri: uri.href, mimeType: "text/markdown", text: await readFile(FINDINGS_GUIDE, "utf8") }],
    }),
  );
}
