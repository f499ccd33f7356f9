"use client";

import { useCallback, useEffect, useState } from "react";
import { holderFetch, jsonInit } from "./holder-api";

const KINDS = ["education", "work", "certification", "award", "volunteering"] as const;

interface LifeEvent {
  id: string;
  kind: (typeof KINDS)[number];
  title: string;
  organization: string | null;
  location: string | null;
  description: string | null;
  start_date: string | null;
  end_date: string | null;
  source: "manual" | "cv" | "social";
}
type Item =
  | { type: "life_event"; date: string | null; life_event: LifeEvent }
  | {
      type: "credential";
      date: string | null;
      credential: {
        credential_id: string;
        label: string;
        issuer: string | null;
        is_sample: boolean;
        verdict: string | null;
      };
    };

const EMPTY = {
  kind: "work",
  title: "",
  organization: "",
  location: "",
  start_date: "",
  end_date: "",
  description: "",
};
type Draft = typeof EMPTY;

const toDraft = (e: LifeEvent): Draft => ({
  kind: e.kind,
  title: e.title,
  organization: e.organization ?? "",
  location: e.location ?? "",
  start_date: e.start_date ?? "",
  end_date: e.end_date ?? "",
  description: e.description ?? "",
});
const toBody = (d: Draft) => ({
  kind: d.kind,
  title: d.title,
  organization: d.organization || null,
  location: d.location || null,
  description: d.description || null,
  start_date: d.start_date || null,
  end_date: d.end_date || null,
});

/** The holder's timeline: life events and credentials newest first; add, edit and delete events. */
export function TimelinePanel() {
  const [items, setItems] = useState<Item[] | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const [version, setVersion] = useState(0);
  const load = useCallback(async () => setVersion((v) => v + 1), []);
  useEffect(() => {
    let current = true;
    holderFetch<{ data: Item[] }>("/holder/timeline").then(
      (answer) => current && setItems(answer.data),
      (e: Error) => current && setError(e.message),
    );
    return () => {
      current = false;
    };
  }, [version]);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      if (editing) await holderFetch(`/holder/life-events/${editing}`, jsonInit("PATCH", toBody(draft)));
      else await holderFetch("/holder/life-events", jsonInit("POST", toBody(draft)));
      setDraft(EMPTY);
      setEditing(null);
      await load();
    } catch (e) {
      setError((e as Error).message);
    }
  }

  async function remove(id: string) {
    setError(null);
    try {
      await holderFetch(`/holder/life-events/${id}`, { method: "DELETE" });
      await load();
    } catch (e) {
      setError((e as Error).message);
    }
  }

  const field = (name: keyof Draft, label: string, type = "text") => (
    <label className="block text-sm font-medium">
      {label}
      <input
        name={name}
        type={type}
        value={draft[name]}
        onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
        className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
      />
    </label>
  );

  return (
    <section className="space-y-6" aria-label="Timeline">
      <div className="flex items-center justify-between">
        <h2 className="text-lg font-semibold">Timeline</h2>
        <a
          href="/holder/export/resume"
          className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold hover:border-slate-400"
        >
          Download resume
        </a>
      </div>
      {error && (
        <p role="alert" className="text-sm text-rejected">
          {error}
        </p>
      )}
      {items === null ? (
        <p className="text-sm text-slate-600">Loading…</p>
      ) : items.length === 0 ? (
        <p className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-600">
          Nothing on your timeline yet: add your education and work below, or upload a CV.
        </p>
      ) : (
        <ol className="space-y-3" data-testid="timeline-items">
          {items.map((item) =>
            item.type === "credential" ? (
              <li key={item.credential.credential_id} className="rounded-xl border border-slate-200 p-4">
                <p className="font-semibold">{item.credential.label}</p>
                <p className="text-sm text-slate-600">
                  {item.credential.issuer ?? "Verified credential"} · {item.date ?? "undated"} ·{" "}
                  {item.credential.is_sample ? "sample (test mode)" : (item.credential.verdict ?? "")}
                </p>
              </li>
            ) : (
              <li key={item.life_event.id} className="rounded-xl border border-slate-200 p-4">
                <p className="font-semibold">{item.life_event.title}</p>
                <p className="text-sm text-slate-600">
                  {[item.life_event.kind, item.life_event.organization, item.life_event.location]
                    .filter(Boolean)
                    .join(" · ")}
                  {" · "}
                  {item.life_event.start_date ?? "…"} –{" "}
                  {item.life_event.end_date ?? (item.life_event.start_date ? "present" : "…")}
                  {item.life_event.source === "cv" ? " · from your CV" : ""}
                </p>
                <div className="mt-2 flex gap-3 text-sm">
                  <button
                    type="button"
                    className="underline"
                    onClick={() => (setEditing(item.life_event.id), setDraft(toDraft(item.life_event)))}
                  >
                    Edit
                  </button>
                  <button type="button" className="underline" onClick={() => void remove(item.life_event.id)}>
                    Delete
                  </button>
                </div>
              </li>
            ),
          )}
        </ol>
      )}
      <form onSubmit={save} className="space-y-3 rounded-xl border border-slate-200 p-5" aria-label="Life event">
        <h3 className="font-semibold">{editing ? "Edit the event" : "Add a life event"}</h3>
        <label className="block text-sm font-medium">
          Kind
          <select
            name="kind"
            value={draft.kind}
            onChange={(e) => setDraft({ ...draft, kind: e.target.value })}
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
          >
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
        </label>
        {field("title", "Title")}
        {field("organization", "Organization")}
        {field("location", "Location")}
        <div className="grid grid-cols-2 gap-3">
          {field("start_date", "Start", "date")}
          {field("end_date", "End (empty while ongoing)", "date")}
        </div>
        {field("description", "Description")}
        <div className="flex gap-3">
          <button
            type="submit"
            className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold hover:border-slate-400"
          >
            {editing ? "Save" : "Add"}
          </button>
          {editing && (
            <button type="button" className="text-sm underline" onClick={() => (setEditing(null), setDraft(EMPTY))}>
              Cancel
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
