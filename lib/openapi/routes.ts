// Every /v1 route, in the order of the OpenAPI document. Adding a route: define its contract with
// defineRoute() next to its domain code, pass it to withPublicApi() in the route file, and add it
// here (one line).
import { createBatchRoute, getBatchRoute } from "../batches/contracts";
import { getAccountRoute, getUsageRoute } from "../account/contracts";
import { createVerificationRoute, getVerificationRoute, listVerificationsRoute } from "../verifications/contracts";
import { WEBHOOK_ROUTES } from "../webhooks/contracts";
import type { RouteContract } from "./contract";
import { docsMarkdownRoute, docsReferenceRoute, openApiRoute } from "./docs-contracts";

export const PUBLIC_ROUTES: readonly RouteContract[] = [
  createVerificationRoute,
  listVerificationsRoute,
  getVerificationRoute,
  createBatchRoute,
  getBatchRoute,
  getAccountRoute,
  getUsageRoute,
  ...WEBHOOK_ROUTES,
  openApiRoute,
  docsMarkdownRoute,
  docsReferenceRoute,
];
