import { defineRoute } from "../openapi/contract";
import { accountSchema, usageQuerySchema, usageSchema } from "./account-schema";

export const getAccountRoute = defineRoute({
  operationId: "getAccount",
  summary: "Retrieve the account, plan and credits",
  tag: "Account",
  scope: "account:read",
  responses: { 200: { description: "The account of the token's owner.", schema: accountSchema } },
});

export const getUsageRoute = defineRoute({
  operationId: "getUsage",
  summary: "Month-to-date usage histogram",
  tag: "Account",
  scope: "account:read",
  query: usageQuerySchema,
  responses: {
    200: { description: "Requests, errors and credits of the period in the token's mode.", schema: usageSchema },
  },
  errors: ["invalid_request"],
});
