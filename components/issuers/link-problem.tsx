import { ApprovalFrame } from "./approval-frame";

const MESSAGES = {
  invalid: {
    title: "This confirmation link is not valid",
    text: "The link may be incomplete (some mail programs break long links) or it was never issued. Open it again from the e-mail, or copy the whole address into your browser.",
  },
  expired: {
    title: "This confirmation link has expired",
    text: "Links to confirm a credential work for a limited time. The person who asked can send a new request if you still want to answer.",
  },
} as const;

/** What the institution sees when its link cannot be answered. */
export function LinkProblem({ kind, detail }: { kind: keyof typeof MESSAGES; detail?: string }) {
  const m = MESSAGES[kind];
  return (
    <ApprovalFrame>
      <section role="alert" className="rounded-2xl border border-slate-200 p-8">
        <h1 className="text-2xl font-bold tracking-tight">{m.title}</h1>
        <p className="mt-3 text-slate-700">{m.text}</p>
        {detail && <p className="mt-2 text-sm text-slate-500">{detail}</p>}
      </section>
    </ApprovalFrame>
  );
}
