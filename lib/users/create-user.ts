import { randomBytes } from "node:crypto";
import { hashPassword, PASSWORD_MIN_LENGTH } from "../auth/password";
import type { Db, Plan, Role } from "../db";
import { includedCredits, nextPeriodStart } from "../credits/plans";
import { ApiError } from "../http/errors";
import { newId } from "../ids";

export interface CreateUserInput {
  email: string;
  password?: string;
  name?: string;
  plan?: Plan;
  role?: Role;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Creates a user with the plan's included credits recorded in the ledger. */
export async function createUser(db: Db, input: CreateUserInput) {
  const email = normalizeEmail(input.email);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new ApiError("invalid_request", `"${input.email}" is not an e-mail address.`);
  if (input.password !== undefined && input.password.length < PASSWORD_MIN_LENGTH) {
    throw new ApiError("invalid_request", `The password must have at least ${PASSWORD_MIN_LENGTH} characters.`);
  }
  const plan = input.plan ?? "free";
  const credits = includedCredits(plan);
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
  const id = newId("user");
  return db.$transaction(async (tx) => {
    if (await tx.user.findUnique({ where: { email }, select: { id: true } })) {
      throw new ApiError("conflict", `An account with the e-mail ${email} already exists.`);
    }
    const user = await tx.user.create({
      data: {
        id,
        email,
        name: input.name ?? null,
        passwordHash,
        plan,
        role: input.role ?? "user",
        creditBalance: credits,
        creditsResetAt: nextPeriodStart(),
        referralCode: randomBytes(6).toString("base64url"),
      },
    });
    if (credits > 0) {
      await tx.creditLedgerEntry.create({
        data: {
          id: newId("ledger"),
          userId: id,
          delta: credits,
          balanceAfter: credits,
          reason: "plan_grant",
          reference: `plan_grant:${id}:${user.creditsPeriodStart.toISOString().slice(0, 7)}`,
        },
      });
    }
    return user;
  });
}
