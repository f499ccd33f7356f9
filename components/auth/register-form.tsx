"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { errorMessage, Field, FormError, SubmitButton } from "./field";

export function RegisterForm({ referralCode }: { referralCode: string | null }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const email = String(form.get("email"));
    const password = String(form.get("password"));
    setPending(true);
    setError(null);
    const res = await fetch("/auth/register", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        email,
        password,
        name: String(form.get("name") || "") || undefined,
        referral_code: referralCode ?? undefined,
      }),
    });
    if (!res.ok) {
      setPending(false);
      return setError(await errorMessage(res));
    }
    const result = await signIn("password", { email, password, redirect: false });
    setPending(false);
    if (result?.error) return setError("Your account was created, but signing in failed. Try signing in.");
    router.push("/upload");
    router.refresh();
  }

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Create your account</h1>
        <p className="mt-1 text-sm text-slate-600">
          Already registered?{" "}
          <Link href="/login" className="font-semibold text-brand-600 hover:underline">
            Sign in
          </Link>
        </p>
      </div>
      <form onSubmit={(e) => void submit(e)} className="space-y-4">
        <Field label="Name" name="name" autoComplete="name" />
        <Field label="E-mail" name="email" type="email" autoComplete="email" required />
        <Field
          label="Password (at least 8 characters)"
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={8}
          required
        />
        <FormError message={error} />
        <SubmitButton pending={pending}>Create account</SubmitButton>
      </form>
      <p className="text-center text-sm text-slate-600">
        Rather not choose a password?{" "}
        <Link
          href={referralCode ? `/login?ref=${encodeURIComponent(referralCode)}` : "/login"}
          className="font-semibold text-brand-600 hover:underline"
        >
          Sign up with an e-mail link
        </Link>
      </p>
    </div>
  );
}
