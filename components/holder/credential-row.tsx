"use client";

import Link from "next/link";
import type { DragEvent } from "react";
import { VerdictBadge } from "@/components/ui/verdict-badge";
import type { ApiCredential } from "@/lib/holder/credentials/serialize-credential";

const button =
  "rounded-lg border border-slate-300 px-2.5 py-1 text-xs font-medium hover:bg-slate-50 disabled:opacity-40";

export interface RowActions {
  pending: boolean;
  togglePublic: (credential: ApiCredential) => void;
  move: (index: number, to: number) => void;
  dragStart: (index: number) => void;
  dragOver: (event: DragEvent, index: number) => void;
  drop: () => void;
}

/** One credential of the holder's list: a drag handle, what it is, publish and move buttons. */
export function CredentialRow({
  credential: c,
  index,
  count,
  dragging,
  actions,
}: {
  credential: ApiCredential;
  index: number;
  count: number;
  dragging: boolean;
  actions: RowActions;
}) {
  return (
    <li
      draggable={!actions.pending}
      onDragStart={() => actions.dragStart(index)}
      onDragOver={(event) => actions.dragOver(event, index)}
      onDrop={actions.drop}
      onDragEnd={actions.drop}
      aria-label={c.label}
      data-credential={c.credential_id}
      className={`flex flex-wrap items-center gap-4 rounded-xl border p-4 ${dragging ? "border-brand-500 bg-brand-50" : "border-slate-200 bg-white"}`}
    >
      <span aria-hidden className="cursor-grab select-none text-slate-400" title="Drag to reorder">
        ⋮⋮
      </span>
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-semibold">{c.label}</p>
          {c.verdict && <VerdictBadge verdict={c.verdict} />}
          {c.is_sample && <span className="text-xs font-medium text-slate-500">Sample (test mode): never public</span>}
          {c.is_pinned && <span className="text-xs font-medium text-slate-500">Pinned</span>}
        </div>
        <p className="text-sm text-slate-600">
          {[c.doc_type.replace(/_/g, " "), c.issuer, c.issued_on].filter(Boolean).join(" · ")}
        </p>
        <p className="text-sm">
          {c.is_public ? (
            <span className="text-verified">Published on your profile</span>
          ) : (
            <span className="text-slate-500">Hidden</span>
          )}
          {c.is_public && c.badge_url && (
            <>
              {" · "}
              <Link href={c.badge_url} className="text-brand-600 underline" target="_blank">
                Badge page
              </Link>
            </>
          )}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {!c.is_sample && (
          <button type="button" className={button} disabled={actions.pending} onClick={() => actions.togglePublic(c)}>
            {c.is_public ? "Hide" : "Publish"}
          </button>
        )}
        <button
          type="button"
          className={button}
          disabled={actions.pending || index === 0}
          onClick={() => actions.move(index, index - 1)}
          aria-label={`Move ${c.label} up`}
        >
          ↑ Up
        </button>
        <button
          type="button"
          className={button}
          disabled={actions.pending || index === count - 1}
          onClick={() => actions.move(index, index + 1)}
          aria-label={`Move ${c.label} down`}
        >
          ↓ Down
        </button>
      </div>
    </li>
  );
}
