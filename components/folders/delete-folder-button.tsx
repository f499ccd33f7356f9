"use client";

import { useActionState } from "react";
import { deleteFolderAction, type FolderActionState } from "@/app/(app)/dashboard/folders/actions";

export function DeleteFolderButton({ folderId }: { folderId: string }) {
  const [state, action, pending] = useActionState<FolderActionState, FormData>(deleteFolderAction, {});
  return (
    <form
      action={action}
      onSubmit={(event) => {
        if (!window.confirm("Delete this folder? Its verifications stay in your history.")) event.preventDefault();
      }}
    >
      <input type="hidden" name="folder_id" value={folderId} />
      <button
        type="submit"
        disabled={pending}
        className="rounded-lg border border-red-200 px-4 py-2 text-sm font-semibold text-rejected hover:border-red-400"
      >
        {pending ? "Deleting…" : "Delete folder"}
      </button>
      {state.error && (
        <p role="alert" className="mt-1 text-sm text-rejected">
          {state.error}
        </p>
      )}
    </form>
  );
}
