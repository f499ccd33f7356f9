// API token scopes: read and write per resource. A token created without an explicit list gets all.
export const SCOPES = {
  "verifications:read": "Read verifications and their reports.",
  "verifications:write": "Submit documents for verification (single and batch).",
  "batches:read": "Read batches and their progress.",
  "webhooks:read": "List webhook endpoints, events and deliveries.",
  "webhooks:write": "Register, rotate, test, replay and delete webhook endpoints.",
  "account:read": "Read the account, credits and usage.",
} as const;

export type Scope = keyof typeof SCOPES;
export const ALL_SCOPES = Object.keys(SCOPES) as Scope[];

export function isScope(value: string): value is Scope {
  return Object.hasOwn(SCOPES, value);
}
