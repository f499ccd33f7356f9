// The documentation routes of /v1 are plain handlers (they serve the documents generated from the
// others), so their entries are written here rather than read from a wrapper.
import type { RouteEntry } from "./contract";

export const V1_DOCS_ROUTES: RouteEntry[] = [
  {
    family: "v1",
    method: "GET",
    path: "/v1/openapi.json",
    contract: {
      operationId: "getOpenApi",
      summary: "This OpenAPI 3.1 document",
      tag: "Documentation",
      auth: false,
      responses: { 200: { description: "The OpenAPI document.", contentType: "application/json" } },
    },
  },
  {
    family: "v1",
    method: "GET",
    path: "/v1/docs.md",
    contract: {
      operationId: "getDocsMarkdown",
      summary: "The API reference as markdown",
      tag: "Documentation",
      auth: false,
      responses: { 200: { description: "The reference.", contentType: "text/markdown" } },
    },
  },
  {
    family: "v1",
    method: "GET",
    path: "/v1/docs/reference",
    contract: {
      operationId: "getDocsReference",
      summary: "The API reference as HTML",
      tag: "Documentation",
      auth: false,
      responses: {
        200: { description: "The reference, rendered on the server (no external assets).", contentType: "text/html" },
      },
    },
  },
];
