"use server";

import { revalidatePath } from "next/cache";
import { currentUser } from "@/components/app/current-user";
import { getDb } from "@/lib/db";
import { fileDispute } from "@/lib/disputes/file-dispute";
import { withdrawDispute } from "@/lib/disputes/withdraw-dispute";
import { ApiError } from "@/lib/http/errors";

export type DisputeState = { error?: string; filed?: boolean; withdrawn?: boolean };

export async function fileDisputeAction(_prev: DisputeState, form: FormData): Promise<DisputeState> {
  const user = await currentUser();
  if (!user) return { error: "Sign in to dispute a verdict." };
  const verificationId = String(form.get("verification_id"));
  try {
    await fileDispute(await getDb(), { userId: user.id, verificationId, reason: String(form.get("reason") ?? "") });
  } catch (error) {
    if (error instanceof ApiError) return { error: error.message };
    throw error;
  }
  revalidatePath(`/verifications/${verificationId}`);
  return { filed: true };
}

/** The owner takes back a pending dispute (the spec has no owner route for it; admins use resolve "withdrawn"). */
export async function withdrawDisputeAction(_prev: DisputeState, form: FormData): Promise<DisputeState> {
  const user = await currentUser();
  if (!user) return { error: "Sign in to withdraw a dispute." };
  const verificationId = String(form.get("verification_id"));
  try {
    await withdrawDispute(await getDb(), user.id, Number(form.get("dispute_id")));
  } catch (error) {
    if (error instanceof ApiError) return { error: error.message };
    throw error;
  }
  revalidatePath(`/verifications/${verificationId}`);
  return { withdrawn: true };
}
