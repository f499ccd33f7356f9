import type { Metadata } from "next";
import { TermsText } from "@/components/app/terms-text";
import { CURRENT_TOS_VERSION } from "@/lib/users/terms";

export const metadata: Metadata = { title: "Terms of use" };

export default function TermsPage() {
  return (
    <article className="mx-auto max-w-2xl">
      <h1 className="text-3xl font-bold tracking-tight">Terms of use</h1>
      <p className="mt-1 text-sm text-slate-500">Version {CURRENT_TOS_VERSION}</p>
      <div className="mt-6">
        <TermsText />
      </div>
    </article>
  );
}
