import Link from "next/link";
import { auth, signOut } from "@/auth";

const LINKS = [
  ["/upload", "Verify"],
  ["/dashboard", "Dashboard"],
  ["/dashboard/folders", "Folders"],
  ["/holder", "Holder profile"],
  ["/billing", "Billing"],
  ["/developers/tokens", "Developers"],
  ["/dashboard/privacy", "Privacy"],
] as const;

export async function AppHeader() {
  const session = await auth();
  return (
    <header className="border-b border-slate-200 bg-white">
      <nav className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-6 py-3" aria-label="Main">
        <Link href="/" className="flex items-center gap-2 font-semibold tracking-tight">
          <span aria-hidden className="grid h-7 w-7 place-items-center rounded-lg bg-brand-600 text-sm text-white">
            C
          </span>
          Credence
        </Link>
        <div className="flex flex-wrap items-center gap-5 text-sm font-medium text-slate-600">
          {LINKS.map(([href, text]) => (
            <Link key={href} href={href} className="hover:text-ink">
              {text}
            </Link>
          ))}
          {session?.user ? (
            <form
              action={async () => {
                "use server";
                await signOut({ redirectTo: "/" });
              }}
            >
              <span className="mr-3 text-slate-500">{session.user.email}</span>
              <button type="submit" className="rounded-lg border border-slate-300 px-3 py-1.5 hover:border-slate-400">
                Sign out
              </button>
            </form>
          ) : (
            <Link href="/login" className="rounded-lg bg-brand-600 px-3 py-1.5 text-white hover:bg-brand-700">
              Sign in
            </Link>
          )}
        </div>
      </nav>
    </header>
  );
}
