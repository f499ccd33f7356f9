"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import {
  SOCIAL_PLATFORMS,
  platformExample,
  platformLabel,
  type SocialPlatform,
} from "@/lib/holder/social-links/platforms";
import type { toApiSocialLink } from "@/lib/holder/social-links/serialize";
import { callApi } from "./call-api";
import { Field, inputClass, Notice } from "./field";

type Link = ReturnType<typeof toApiSocialLink>;

export function SocialLinksPanel({ links }: { links: Link[] }) {
  const router = useRouter();
  const [platform, setPlatform] = useState<SocialPlatform>("linkedin");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function run(action: () => Promise<{ ok: boolean; error?: string }>, success: string) {
    setPending(true);
    setError(null);
    setDone(null);
    const result = await action();
    setPending(false);
    if (!result.ok) return setError(result.error ?? "That did not work.");
    setDone(success);
    router.refresh();
  }

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const url = String(new FormData(event.currentTarget).get("url") ?? "");
    const form = event.currentTarget;
    await run(
      () => callApi("/holder/social-links", { method: "POST", body: JSON.stringify({ platform, url }) }),
      `${platformLabel(platform)} link saved.`,
    );
    form.reset();
  }

  const parse = (link: Link) =>
    run(async () => {
      const result = await callApi<{ note: string }>(`/holder/social-links/${link.id}/parse`, { method: "POST" });
      if (result.ok && result.data) setTimeout(() => setDone(result.data!.note));
      return result;
    }, "Read.");

  return (
    <div className="space-y-6">
      <form
        onSubmit={add}
        className="grid gap-4 rounded-xl border border-slate-200 p-5 sm:grid-cols-3"
        aria-label="Add a link"
      >
        <Field label="Platform">
          <select
            name="platform"
            value={platform}
            onChange={(e) => setPlatform(e.target.value as SocialPlatform)}
            className={inputClass}
          >
            {SOCIAL_PLATFORMS.map((p) => (
              <option key={p} value={p}>
                {platformLabel(p)}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Profile address" hint="https only; one link per platform (a new one replaces the old)." wide>
          <input name="url" type="url" required placeholder={platformExample(platform)} className={inputClass} />
        </Field>
        <div className="space-y-3 sm:col-span-3">
          <Notice error={error} done={done} />
          <button
            type="submit"
            disabled={pending}
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60"
          >
            Save link
          </button>
        </div>
      </form>
      {links.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">No links yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200" aria-label="Your links">
          {links.map((link) => (
            <li key={link.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
              <div>
                <p className="font-medium">{link.label}</p>
                <a
                  href={link.url}
                  className="font-mono text-xs text-brand-600 underline"
                  rel="noopener noreferrer me"
                  target="_blank"
                >
                  {link.url}
                </a>
                {link.handle && <p className="text-xs text-slate-500">Handle: {link.handle}</p>}
              </div>
              <div className="flex gap-2">
                <button
                  type="button"
                  disabled={pending}
                  onClick={() => void parse(link)}
                  className="rounded-lg border border-slate-300 px-3 py-1.5 hover:border-slate-400"
                >
                  Read handle
                </button>
                <button
                  type="button"
                  disabled={pending}
                  onClick={() =>
                    void run(
                      () => callApi(`/holder/social-links/${link.id}`, { method: "DELETE" }),
                      `${link.label} link deleted.`,
                    )
                  }
                  className="rounded-lg border border-red-200 px-3 py-1.5 text-rejected hover:border-red-400"
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
