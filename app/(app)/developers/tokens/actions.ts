"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { currentUser } from "@/components/app/current-user";
import { getDb } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { createToken } from "@/lib/tokens/create-token";
import { revokeToken } from "@/lib/tokens/revoke-token";
import { rotateToken } from "@/lib/tokens/rotate-token";
import { ALL_SCOPES, type Scope } from "@/lib/tokens/scopes";

export type TokenActionState = { secret?: string; name?: string; error?: string };

const CreateForm = z.object({
  name: z.string().trim().min(1, "Give the token a name").max(80),
  mode: z.enum(["test", "live"]),
  scopes: z.array(z.enum(ALL_SCOPES as [Scope, ...Scope[]])).min(1, "Choose at least one scope"),
  expires_in_days: z.union([z.literal(""), z.coerce.number().int().min(1).max(3650)]),
});

async function signedIn() {
  const user = await currentUser();
  if (!user) throw new ApiError("authentication_required", "Sign in first.");
  return user;
}

function failure(error: unknown): TokenActionState {
  if (error instanceof ApiError) return { error: error.message };
  throw error;
}

export async function createTokenAction(_prev: TokenActionState, form: FormData): Promise<TokenActionState> {
  try {
    const user = await signedIn();
    const parsed = CreateForm.safeParse({
      name: form.get("name"),
      mode: form.get("mode"),
      scopes: form.getAll("scopes"),
      expires_in_days: form.get("expires_in_days") ?? "",
    });
    if (!parsed.success) return { error: parsed.error.issues.map((i) => i.message).join("; ") };
    const { name, mode, scopes, expires_in_days } = parsed.data;
    const { token, secret } = await createToken(await getDb(), {
      userId: user.id,
      mode,
      name,
      scopes,
      expiresAt: expires_in_days === "" ? null : new Date(Date.now() + expires_in_days * 86_400_000),
    });
    revalidatePath("/developers/tokens");
    return { secret, name: token.name };
  } catch (error) {
    return failure(error);
  }
}

export async function rotateTokenAction(_prev: TokenActionState, form: FormData): Promise<TokenActionState> {
  try {
    const user = await signedIn();
    const { token, secret } = await rotateToken(await getDb(), String(form.get("token_id")), { userId: user.id });
    revalidatePath("/developers/tokens");
    return { secret, name: token.name };
  } catch (error) {
    return failure(error);
  }
}

export async function revokeTokenAction(form: FormData): Promise<void> {
  const user = await signedIn();
  await revokeToken(await getDb(), String(form.get("token_id")), { userId: user.id });
  revalidatePath("/developers/tokens");
}
