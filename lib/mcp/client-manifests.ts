// How each MCP client is pointed at this instance, with its own URL (APP_URL): served whole at
// /.well-known/mcp-config and quoted by the manual at /mcp/docs, so the two never disagree. The
// token travels in the Authorization header and is never written into a file: each client reads
// it from the environment or asks for it.
import { z } from "zod";
import { loadEnv } from "../env";

export const TOKEN_VARIABLE = "CREDENCE_API_TOKEN";

export const mcpConfigSchema = z
  .object({
    name: z.string(),
    title: z.string(),
    description: z.string(),
    url: z.string().meta({ description: "The Streamable HTTP endpoint." }),
    transport: z.literal("streamable-http"),
    authentication: z.object({
      type: z.literal("bearer"),
      header: z.literal("Authorization"),
      value: z.string(),
      tokens_url: z.string().meta({ description: "Where API tokens are created." }),
    }),
    docs_url: z.string(),
    clients: z.object({
      claude_desktop: z.object({ file: z.string(), config: z.record(z.string(), z.unknown()) }),
      cursor: z.object({ file: z.string(), config: z.record(z.string(), z.unknown()) }),
      vscode: z.object({ file: z.string(), config: z.record(z.string(), z.unknown()) }),
      mcp_inspector: z.object({ command: z.string() }),
    }),
  })
  .meta({ id: "McpConfig" });

export type McpConfig = z.infer<typeof mcpConfigSchema>;

export function mcpConfig(): McpConfig {
  const base = loadEnv().APP_URL.replace(/\/$/, "");
  const url = `${base}/mcp`;
  return {
    name: "credence",
    title: "Credence",
    description: "Forensic document verification: verify documents, read and explain verifications, check credits.",
    url,
    transport: "streamable-http",
    authentication: {
      type: "bearer",
      header: "Authorization",
      value: "Bearer svc_test_sk_… (test mode, free) or Bearer svc_live_sk_… (live mode, charges credits)",
      tokens_url: `${base}/developers/tokens`,
    },
    docs_url: `${base}/mcp/docs`,
    clients: {
      // Claude Desktop's configuration file starts local (stdio) servers: mcp-remote bridges to
      // Streamable HTTP and adds the header. "Authorization:${…}" has no space so the argument
      // survives Windows' quoting; the value comes from env.
      claude_desktop: {
        file: "claude_desktop_config.json",
        config: {
          mcpServers: {
            credence: {
              command: "npx",
              args: ["-y", "mcp-remote", url, "--header", "Authorization:${CREDENCE_AUTH}"],
              env: { CREDENCE_AUTH: "Bearer svc_test_sk_…" },
            },
          },
        },
      },
      cursor: {
        file: ".cursor/mcp.json",
        config: {
          mcpServers: { credence: { url, headers: { Authorization: `Bearer \${env:${TOKEN_VARIABLE}}` } } },
        },
      },
      vscode: {
        file: ".vscode/mcp.json",
        config: {
          inputs: [{ type: "promptString", id: "credence-token", description: "Credence API token", password: true }],
          servers: { credence: { type: "http", url, headers: { Authorization: "Bearer ${input:credence-token}" } } },
        },
      },
      mcp_inspector: {
        command:
          `npx @modelcontextprotocol/inspector --cli ${url} --transport http ` +
          `--header "Authorization: Bearer $${TOKEN_VARIABLE}" --method tools/list`,
      },
    },
  };
}
