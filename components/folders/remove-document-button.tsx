"use client";

import { useActionState } from "react";
import { removeFromFolderAction, type FolderActionState } from "@/app/(app)/dashboard/folders/actions";

export function RemoveDocumentButton({ folderId, verificationId }: { folderId: string; verificationId: string }) {
  const [state, action, pending] = useActionState<FolderActionState, FormData>(removeFromFolderAction, {});
  return (
    <form action={action}>
      <input type="hidden" name="folder_id" value={folderId} />
      <input type="hidden" name="verification_id" value={verificationId} />
      <button type="submit" disabled={pending} className="text-sm font-semibold text-slate-600 hover:text-rejected">
        {pending ? "Removing…" : "Remove"}
      </button>
      {state.error && (
        <span role="alert" className="ml-2 text-sm text-rejected">
          {state.error}
        </span>
      )}
    </form>
  );
}
