"use client";

import { useRouter } from "next/navigation";
import { useState, type ChangeEvent } from "react";
import { callApi } from "./call-api";
import { Notice } from "./field";

export function AvatarUpload({ avatarUrl, name }: { avatarUrl: string | null; name: string }) {
  const router = useRouter();
  const [preview, setPreview] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    setError(null);
    setPreview(URL.createObjectURL(file));
    setPending(true);
    const form = new FormData();
    form.append("file", file);
    const result = await callApi<{ avatar_url: string }>("/holder/profile/avatar", { method: "POST", body: form });
    setPending(false);
    // The local preview only bridges the upload: afterwards the stored, re-encoded avatar is shown.
    setPreview(null);
    if (!result.ok) return setError(result.error ?? "The image was not accepted.");
    router.refresh();
  }

  const shown = preview ?? avatarUrl;
  return (
    <div className="flex items-center gap-4">
      {shown ? (
        // eslint-disable-next-line @next/next/no-img-element -- our own route serves it, already 512×512
        <img
          src={shown}
          alt={`${name}'s avatar`}
          className="h-24 w-24 rounded-full border border-slate-200 object-cover"
        />
      ) : (
        <div
          aria-hidden
          className="grid h-24 w-24 place-items-center rounded-full bg-brand-100 text-3xl font-semibold text-brand-700"
        >
          {name.slice(0, 1).toUpperCase()}
        </div>
      )}
      <div className="space-y-2 text-sm">
        <label className="inline-block cursor-pointer rounded-lg border border-slate-300 px-3 py-1.5 font-medium hover:border-slate-400">
          {pending ? "Uploading…" : avatarUrl ? "Change avatar" : "Upload avatar"}
          <input
            type="file"
            name="avatar"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            onChange={upload}
            disabled={pending}
          />
        </label>
        <p className="text-xs text-slate-500">
          JPEG, PNG or WebP, up to 5 MB. Cropped to a square; photo metadata removed.
        </p>
        <Notice error={error} />
      </div>
    </div>
  );
}
