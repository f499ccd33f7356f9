"use client";

import Link from "next/link";
import { useRef, useState, type DragEvent } from "react";
import type { ApiCredential } from "@/lib/holder/credentials/serialize-credential";
import { callApi } from "./call-api";
import { CredentialRow } from "./credential-row";
import { Notice } from "./field";

/** Moves one item of a list to another place (the order a drag or an up/down button asks for). */
function moved<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * The holder's credentials: publish or hide each one, and set their order by dragging a row or
 * with its Up/Down buttons (the keyboard's way). Each change is saved at once; the list shown is
 * the server's answer (pinned credentials stay first).
 */
export function CredentialsPanel({ credentials: initial }: { credentials: ApiCredential[] }) {
  const [credentials, setCredentials] = useState(initial);
  const [dragging, setDragging] = useState<number | null>(null);
  // The row being dragged: the order as it is being rearranged and where the row is now.
  const drag = useRef<{ order: ApiCredential[]; at: number } | null>(null);
  // The order the server last confirmed: what a failed save goes back to, and what a drop that
  // ends where it began is compared with.
  const saved = useRef(initial);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function saveOrder(order: ApiCredential[]) {
    setCredentials(order);
    if (order.every((c, i) => c.credential_id === saved.current[i]?.credential_id)) return;
    setPending(true);
    setError(null);
    setDone(null);
    const result = await callApi<{ data: ApiCredential[] }>("/holder/credentials/reorder", {
      method: "POST",
      body: JSON.stringify({ credential_ids: order.map((c) => c.credential_id) }),
    });
    setPending(false);
    if (!result.ok) {
      setCredentials(saved.current);
      return setError(result.error ?? "The new order was not saved.");
    }
    saved.current = result.data!.data;
    setCredentials(saved.current);
    setDone("Order saved.");
  }

  async function togglePublic(credential: ApiCredential) {
    setPending(true);
    setError(null);
    setDone(null);
    const result = await callApi<ApiCredential>(`/holder/credentials/${credential.credential_id}`, {
      method: "PATCH",
      body: JSON.stringify({ is_public: !credential.is_public }),
    });
    setPending(false);
    if (!result.ok) return setError(result.error ?? "Not saved.");
    const replace = (list: ApiCredential[]) =>
      list.map((c) => (c.credential_id === credential.credential_id ? result.data! : c));
    saved.current = replace(saved.current);
    setCredentials(replace);
    setDone(result.data!.is_public ? `"${credential.label}" is published.` : `"${credential.label}" is hidden.`);
  }

  const actions = {
    pending,
    togglePublic: (c: ApiCredential) => void togglePublic(c),
    move: (from: number, to: number) => void saveOrder(moved(credentials, from, to)),
    dragStart: (index: number) => {
      drag.current = { order: credentials, at: index };
      setDragging(index);
    },
    dragOver: (event: DragEvent, index: number) => {
      event.preventDefault();
      // Read from the ref, not from state: dragover fires faster than React re-renders.
      const current = drag.current;
      if (!current || current.at === index) return;
      drag.current = { order: moved(current.order, current.at, index), at: index };
      setCredentials(drag.current.order);
      setDragging(index);
    },
    drop: () => {
      const order = drag.current?.order;
      drag.current = null;
      setDragging(null);
      if (order) void saveOrder(order);
    },
  };

  if (credentials.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-slate-300 p-5 text-slate-600">
        No credentials yet.{" "}
        <Link href="/upload" className="font-semibold text-brand-600 underline">
          Verify a document
        </Link>
        , then use <strong>Add to my profile</strong> on its result page: a live, authentic verification becomes a
        credential with a signed badge.
      </p>
    );
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        Drag a row, or use its Up and Down buttons, to set the order your public profile shows (pinned ones first).
      </p>
      <Notice error={error} done={done} />
      <ol className="space-y-3" aria-label="Your credentials">
        {credentials.map((c, index) => (
          <CredentialRow
            key={c.credential_id}
            credential={c}
            index={index}
            count={credentials.length}
            dragging={dragging === index}
            actions={actions}
          />
        ))}
      </ol>
    </div>
  );
}
