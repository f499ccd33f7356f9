import type { Metadata } from "next";
import Link from "next/link";
import { MagicLinkConfirm } from "@/components/auth/magic-link-confirm";
import { safeCallbackPath } from "@/lib/auth/callback-url";

export const metadata: Metadata = { title: "Sign in with your link" };

export default async function MagicLinkPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string; callback_url?: string }>;
}) {
  const { token, callback_url } = await searchParams;
  if (!token) {
    return (
      <p>
        This page needs the link from your e-mail.{" "}
        <Link href="/login" className="font-semibold text-brand-600">
          Ask for a new one
        </Link>
        .
      </p>
    );
  }
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Sign in with your link</h1>
        <p className="mt-1 text-sm text-slate-600">The link works once and expires 15 minutes after it was sent.</p>
      </div>
      <MagicLinkConfirm token={token} callbackUrl={safeCallbackPath(callback_url ?? "") ?? "/dashboard"} />
    </div>
  );
}
