// The manual at /mcp/docs: docs/api/mcp.md with this instance's URL and the client configurations
// of /.well-known/mcp-config filled in, rendered like the API reference (one self-contained page).
import { readFile } from "node:fs/promises";
import path from "node:path";
import { renderReferenceHtml } from "../openapi/reference-html";
import { mcpConfig } from "./client-manifests";

const MANUAL = path.join(process.cwd(), "docs", "api", "mcp.md");

export async function mcpManualHtml(): Promise<string> {
  const config = mcpConfig();
  const block = (value: unknown) => "```json\n" + JSON.stringify(value, null, 2) + "\n```";
  const values: Record<string, string> = {
    mcp_url: config.url,
    tokens_url: config.authentication.tokens_url,
    claude_desktop: block(config.clients.claude_desktop.config),
    cursor: block(config.clients.cursor.config),
    vscode: block(config.clients.vscode.config),
    inspector: "```sh\n" + config.clients.mcp_inspector.command + "\n```",
  };
  const markdown = (await readFile(MANUAL, "utf8")).replace(
    /\{\{(\w+)\}\}/g,
    (whole, name: string) => values[name] ?? whole,
  );
  return renderReferenceHtml(markdown, {
    title: "Credence MCP server",
    alternatives:
      'Client manifests as JSON: <a href="/.well-known/mcp-config">/.well-known/mcp-config</a>. ' +
      'The REST API: <a href="/v1/docs/reference">/v1/docs/reference</a>.',
  });
}
