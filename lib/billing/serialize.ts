// Database rows → the wire shapes of billing-schema.ts.
import type { CreditPackTransaction, User } from "../db";
import { quotaOf } from "../credits/quota";
import { timestamp } from "../http/response";
import type { Pack } from "./packs";

export function toApiCredits(user: User) {
  const quota = quotaOf(user);
  return { ...quota, carried_over: user.carryoverCredits, resets_at: timestamp(user.creditsResetAt) };
}

export function toApiPack(pack: Pack) {
  const priced = pack.currency !== "";
  return {
    id: pack.id,
    name: pack.name,
    credits: pack.credits,
    amount_cents: priced ? pack.amountCents : null,
    currency: priced ? pack.currency : null,
  };
}

export function toApiPackTransaction(row: CreditPackTransaction) {
  return {
    id: row.id,
    kind: row.kind,
    pack: row.pack,
    credits: row.credits,
    refunded_credits: row.refundedCredits,
    amount_cents: row.amountCents,
    currency: row.currency,
    status: row.status,
    created_at: timestamp(row.createdAt),
    paid_at: row.paidAt ? timestamp(row.paidAt) : null,
  };
}
