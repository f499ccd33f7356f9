"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import type { ApiProfile } from "@/lib/holder/profile/serialize";
import { AvatarUpload } from "./avatar-upload";
import { callApi } from "./call-api";
import { Field, inputClass, Notice } from "./field";

const LANGUAGES = [
  ["en", "English"],
  ["fr", "Français"],
  ["de", "Deutsch"],
  ["es", "Español"],
  ["it", "Italiano"],
  ["pt", "Português"],
  ["nl", "Nederlands"],
  ["pl", "Polski"],
  ["hr", "Hrvatski"],
] as const;

const TEXT_FIELDS = ["display_name", "slug", "headline", "location", "bio", "language"] as const;
const URL_FIELDS = [
  ["website_url", "Website", "https://your-name.example"],
  ["linkedin_url", "LinkedIn", "https://www.linkedin.com/in/your-name"],
  ["github_url", "GitHub", "https://github.com/your-name"],
  ["twitter_url", "X (Twitter)", "https://x.com/your_name"],
  ["orcid_url", "ORCID", "https://orcid.org/0000-0002-1825-0097"],
] as const;

export interface HolderStats {
  credential_count: number;
  public_credential_count: number;
  profile_view_count: number;
  profile_views_last_30_days: number;
}

function formBody(form: HTMLFormElement, creating: boolean) {
  const data = new FormData(form);
  const body: Record<string, unknown> = {};
  for (const name of [...TEXT_FIELDS, ...URL_FIELDS.map(([name]) => name)]) {
    const value = data.get(name);
    if (typeof value !== "string") continue;
    // An empty slug means "derive it" on creation; elsewhere empty clears the field.
    if (name === "slug" && value.trim() === "") continue;
    if (creating && value.trim() === "") continue;
    body[name] = value;
  }
  body.is_public = data.get("is_public") === "on";
  return body;
}

export function ProfilePanel({
  profile,
  stats,
  suggestedName,
}: {
  profile: ApiProfile | null;
  stats: HolderStats | null;
  suggestedName: string;
}) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const creating = profile === null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(null);
    setDone(null);
    const result = await callApi<ApiProfile>("/holder/profile", {
      method: creating ? "POST" : "PATCH",
      body: JSON.stringify(formBody(event.currentTarget, creating)),
    });
    setPending(false);
    if (!result.ok) return setError(result.error ?? "Not saved.");
    setDone(creating ? "Profile created." : "Profile saved.");
    router.refresh();
  }

  return (
    <div className="space-y-6">
      {profile && stats && (
        <dl className="grid gap-4 sm:grid-cols-4">
          {[
            ["Credentials", stats.credential_count],
            ["Public credentials", stats.public_credential_count],
            ["Profile views", stats.profile_view_count],
            ["Views, last 30 days", stats.profile_views_last_30_days],
          ].map(([label, value]) => (
            <div key={label} className="rounded-xl border border-slate-200 p-4">
              <dt className="text-xs uppercase tracking-wide text-slate-500">{label}</dt>
              <dd className="mt-1 text-2xl font-semibold">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {profile && (
        <div className="flex flex-wrap items-center gap-6 rounded-xl border border-slate-200 p-5">
          <AvatarUpload avatarUrl={profile.avatar_url} name={profile.display_name} />
          <div className="space-y-1 text-sm">
            <p className="text-lg font-semibold">{profile.display_name}</p>
            <p>
              Public page:{" "}
              <Link href={profile.public_url} className="font-mono text-brand-600 underline" target="_blank">
                {profile.public_url}
              </Link>{" "}
              {profile.is_public ? (
                <span className="text-verified">(public)</span>
              ) : (
                <span className="text-slate-500">
                  (private: the address answers “not found” until you make it public)
                </span>
              )}
            </p>
            {profile.previous_slugs.length > 0 && (
              <p className="text-slate-500">Old addresses still leading here: {profile.previous_slugs.join(", ")}</p>
            )}
          </div>
        </div>
      )}
      {creating && (
        <p className="rounded-xl border border-dashed border-slate-300 p-5 text-slate-600">
          You have no holder profile yet. Create one to publish your verified credentials at a public address.
        </p>
      )}
      <form
        onSubmit={submit}
        className="grid gap-4 rounded-xl border border-slate-200 p-5 sm:grid-cols-2"
        aria-label="Profile"
      >
        <Field label="Display name">
          <input
            name="display_name"
            required
            maxLength={100}
            defaultValue={profile?.display_name ?? suggestedName}
            className={inputClass}
          />
        </Field>
        <Field
          label="Public address (slug)"
          hint="/u/<slug>: 3–40 lower-case letters, digits and hyphens. Empty: made from your name."
        >
          <input
            name="slug"
            maxLength={40}
            defaultValue={profile?.slug ?? ""}
            pattern="[a-zA-Z0-9\-]*"
            className={`${inputClass} font-mono`}
          />
        </Field>
        <Field label="Headline" wide>
          <input name="headline" maxLength={160} defaultValue={profile?.headline ?? ""} className={inputClass} />
        </Field>
        <Field label="Bio" wide>
          <textarea name="bio" rows={4} maxLength={2000} defaultValue={profile?.bio ?? ""} className={inputClass} />
        </Field>
        <Field label="Location">
          <input name="location" maxLength={120} defaultValue={profile?.location ?? ""} className={inputClass} />
        </Field>
        <Field label="Biography language">
          <select name="language" defaultValue={profile?.language ?? "en"} className={inputClass}>
            {LANGUAGES.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        </Field>
        {URL_FIELDS.map(([name, label, example]) => (
          <Field key={name} label={label}>
            <input
              name={name}
              type="url"
              placeholder={example}
              defaultValue={profile?.[name] ?? ""}
              className={inputClass}
            />
          </Field>
        ))}
        <label className="flex items-center gap-2 text-sm font-medium sm:col-span-2">
          <input type="checkbox" name="is_public" defaultChecked={profile?.is_public ?? true} />
          Public profile (anyone with the address sees your name, avatar and public credentials)
        </label>
        <div className="space-y-3 sm:col-span-2">
          <Notice error={error} done={done} />
          <button
            type="submit"
            disabled={pending}
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {pending ? "Saving…" : creating ? "Create profile" : "Save profile"}
          </button>
        </div>
      </form>
    </div>
  );
}
