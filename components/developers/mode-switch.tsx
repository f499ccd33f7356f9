import Link from "next/link";

/** Test and live objects are separate in the console as in the API: one switch, kept in the URL. */
export function ModeSwitch({ mode, href }: { mode: "test" | "live"; href: (mode: "test" | "live") => string }) {
  return (
    <>
      <span className="text-slate-500">Mode:</span>
      {(["test", "live"] as const).map((m) => (
        <Link
          key={m}
          href={href(m)}
          aria-current={m === mode ? "page" : undefined}
          className={`rounded-full px-3 py-1 font-medium ${m === mode ? "bg-ink text-white" : "bg-slate-100 text-slate-600"}`}
        >
          {m}
        </Link>
      ))}
    </>
  );
}
