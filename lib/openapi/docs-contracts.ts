import { defineRoute } from "./contract";

export const openApiRoute = defineRoute({
  method: "get",
  path: "/v1/openapi.json",
  operationId: "getOpenApi",
  summary: "This OpenAPI 3.1 document",
  tag: "Documentation",
  auth: false,
  responses: { 200: { description: "The OpenAPI document.", contentType: "application/json" } },
});

export const docsMarkdownRoute = defineRoute({
  method: "get",
  path: "/v1/docs.md",
  operationId: "getDocsMarkdown",
  summary: "The API reference as markdown",
  tag: "Documentation",
  auth: false,
  responses: { 200: { description: "The reference.", contentType: "text/markdown" } },
});

export const docsReferenceRoute = defineRoute({
  method: "get",
  path: "/v1/docs/reference",
  operationId: "getDocsReference",
  summary: "The API reference as HTML",
  tag: "Documentation",
  auth: false,
  responses: {
    200: { description: "The reference, rendered on the server (no external assets).", contentType: "text/html" },
  },
});
