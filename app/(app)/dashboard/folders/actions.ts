"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import type { z } from "zod";
import { currentUser } from "@/components/app/current-user";
import { getDb } from "@/lib/db";
import { addFolderVerification } from "@/lib/folders/add-folder-verification";
import { createFolder } from "@/lib/folders/create-folder";
import { deleteFolder } from "@/lib/folders/delete-folder";
import { createFolderSchema, updateFolderSchema } from "@/lib/folders/folder-schema";
import { removeFolderVerification } from "@/lib/folders/remove-folder-verification";
import { updateFolder } from "@/lib/folders/update-folder";
import { ApiError } from "@/lib/http/errors";

export type FolderActionState = { error?: string; message?: string };

async function userId(): Promise<string> {
  const user = await currentUser();
  if (!user) throw new ApiError("authentication_required", "Sign in first.");
  return user.id;
}

async function run(work: () => Promise<FolderActionState>, path: string): Promise<FolderActionState> {
  try {
    const state = await work();
    revalidatePath(path);
    return state;
  } catch (error) {
    if (error instanceof ApiError) return { error: error.message };
    throw error;
  }
}

const problems = (error: z.ZodError) =>
  error.issues.map((i) => `${i.path.join(".") || "form"}: ${i.message}`).join("; ");

/** The folder fields of a form: empty inputs are cleared fields. */
function folderFields(form: FormData) {
  const text = (name: string) => (form.has(name) ? String(form.get(name) ?? "") : undefined);
  return {
    name: text("name"),
    applicant_name: text("applicant_name"),
    reference: text("reference"),
    notes: text("notes"),
    status: text("status") || undefined,
  };
}

export async function createFolderAction(_prev: FolderActionState, form: FormData): Promise<FolderActionState> {
  const parsed = createFolderSchema.safeParse(folderFields(form));
  if (!parsed.success) return { error: problems(parsed.error) };
  let id = "";
  const state = await run(async () => {
    id = (await createFolder(await getDb(), await userId(), parsed.data)).id;
    return {};
  }, "/dashboard/folders");
  if (state.error) return state;
  redirect(`/dashboard/folders/${id}`);
}

export async function updateFolderAction(_prev: FolderActionState, form: FormData): Promise<FolderActionState> {
  const id = String(form.get("folder_id"));
  const parsed = updateFolderSchema.safeParse(folderFields(form));
  if (!parsed.success) return { error: problems(parsed.error) };
  return run(async () => {
    await updateFolder(await getDb(), await userId(), id, parsed.data);
    return { message: "Saved." };
  }, `/dashboard/folders/${id}`);
}

export async function deleteFolderAction(_prev: FolderActionState, form: FormData): Promise<FolderActionState> {
  const state = await run(async () => {
    await deleteFolder(await getDb(), await userId(), String(form.get("folder_id")));
    return {};
  }, "/dashboard/folders");
  if (state.error) return state;
  redirect("/dashboard/folders");
}

export async function addToFolderAction(_prev: FolderActionState, form: FormData): Promise<FolderActionState> {
  const folderId = String(form.get("folder_id"));
  const verificationId = String(form.get("verification_id") ?? "").trim();
  if (!verificationId) return { error: "Choose a verification to add." };
  return run(async () => {
    const { created } = await addFolderVerification(await getDb(), await userId(), folderId, verificationId);
    return { message: created ? "Added to the folder." : "Already in this folder." };
  }, `/dashboard/folders/${folderId}`);
}

export async function removeFromFolderAction(_prev: FolderActionState, form: FormData): Promise<FolderActionState> {
  const folderId = String(form.get("folder_id"));
  return run(async () => {
    await removeFolderVerification(await getDb(), await userId(), folderId, String(form.get("verification_id")));
    return { message: "Removed from the folder; the verification stays in your history." };
  }, `/dashboard/folders/${folderId}`);
}
