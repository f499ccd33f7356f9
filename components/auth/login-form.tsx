"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { errorMessage, Field, FormError, SubmitButton } from "./field";

export function LoginForm({
  callbackUrl,
  referralCode = null,
}: {
  callbackUrl: string;
  /** From a referral link: a sign-up by e-mail link carries it, so the referrer is credited. */
  referralCode?: string | null;
}) {
  const router = useRouter();
  const [mode, setMode] = useState<"password" | "link">(referralCode ? "link" : "password");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submitPassword(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setPending(true);
    setError(null);
    const result = await signIn("password", {
      email: form.get("email"),
      password: form.get("password"),
      redirect: false,
    });
    setPending(false);
    if (result?.error) return setError("The e-mail or the password is wrong.");
    router.push(callbackUrl);
    router.refresh();
  }

  async function submitLink(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get("email"));
    setPending(true);
    setError(null);
    const res = await fetch("/auth/send-magic-link", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, callback_url: callbackUrl, referral_code: referralCode ?? undefined }),
    });
    setPending(false);
    if (!res.ok) return setError(await errorMessage(res));
    setSentTo(email);
  }

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Sign in</h1>
        <p className="mt-1 text-sm text-slate-600">
          No account yet?{" "}
          <Link
            href={referralCode ? `/register?ref=${encodeURIComponent(referralCode)}` : "/register"}
            className="font-semibold text-brand-600 hover:underline"
          >
            Create one
          </Link>
        </p>
      </div>
      <div role="tablist" className="grid grid-cols-2 rounded-lg bg-slate-100 p-1 text-sm font-medium">
        {(["password", "link"] as const).map((m) => (
          <button
            key={m}
            role="tab"
            type="button"
            aria-selected={mode === m}
            onClick={() => {
              setMode(m);
              setError(null);
            }}
            className={`rounded-md px-3 py-1.5 ${mode === m ? "bg-white shadow-sm" : "text-slate-600"}`}
          >
            {m === "password" ? "Password" : "E-mail me a link"}
          </button>
        ))}
      </div>
      {mode === "password" ? (
        <form onSubmit={(e) => void submitPassword(e)} className="space-y-4">
          <Field label="E-mail" name="email" type="email" autoComplete="email" required />
          <Field label="Password" name="password" type="password" autoComplete="current-password" required />
          <FormError message={error} />
          <SubmitButton pending={pending}>Sign in</SubmitButton>
        </form>
      ) : sentTo ? (
        <p role="status" className="rounded-lg bg-green-50 px-4 py-3 text-sm text-verified">
          A sign-in link is on its way to <strong>{sentTo}</strong>. It works once and expires in 15 minutes.
        </p>
      ) : (
        <form onSubmit={(e) => void submitLink(e)} className="space-y-4">
          <Field label="E-mail" name="email" type="email" autoComplete="email" required />
          <FormError message={error} />
          <SubmitButton pending={pending}>Send me a sign-in link</SubmitButton>
        </form>
      )}
    </div>
  );
}
