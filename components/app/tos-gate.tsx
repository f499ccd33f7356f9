import { revalidatePath } from "next/cache";
import type { ReactNode } from "react";
import { getDb } from "@/lib/db";
import { acceptTos, tosStatus } from "@/lib/users/terms";
import { currentUser } from "./current-user";
import { TermsText } from "./terms-text";

/** Signed-in users accept the current terms on first use before anything else. */
export async function TosGate({ children }: { children: ReactNode }) {
  const user = await currentUser();
  if (!user || tosStatus(user).accepted) return children;
  async function accept() {
    "use server";
    const me = await currentUser();
    if (me) await acceptTos(await getDb(), me);
    revalidatePath("/", "layout");
  }
  return (
    <section
      className="mx-auto max-w-2xl rounded-2xl border border-slate-200 p-8 shadow-sm"
      aria-labelledby="terms-title"
    >
      <h1 id="terms-title" className="text-2xl font-bold tracking-tight">
        Before you start: the terms of use
      </h1>
      <div className="mt-4">
        <TermsText />
      </div>
      <form action={accept} className="mt-6">
        <button
          type="submit"
          className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
        >
          I accept the terms
        </button>
      </form>
    </section>
  );
}
