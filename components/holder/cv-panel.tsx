"use client";

import { useCallback, useEffect, useState } from "react";
import { holderFetch } from "./holder-api";

interface CvUpload {
  id: string;
  file_name: string;
  size: number;
  status: "uploaded" | "parsing" | "parsed" | "failed";
  parse_error: string | null;
  event_count: number;
  created_at: string;
}

const POLL_MS = 1500;

/** Upload a CV (PDF or DOCX), read it into the timeline, follow its parsing, delete it. */
export function CvPanel({ onParsed }: { onParsed?: () => void }) {
  const [uploads, setUploads] = useState<CvUpload[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const [version, setVersion] = useState(0);
  const load = useCallback(async () => setVersion((v) => v + 1), []);
  useEffect(() => {
    let current = true;
    holderFetch<{ data: CvUpload[] }>("/holder/cv/uploads").then(
      (answer) => current && setUploads(answer.data),
      (e: Error) => current && setError(e.message),
    );
    return () => {
      current = false;
    };
  }, [version]);

  const parsing = uploads?.some((u) => u.status === "parsing") ?? false;
  // While a parse runs, the list is read again until it ends.
  useEffect(() => {
    if (!parsing) return;
    const timer = setInterval(() => void load(), POLL_MS);
    return () => clearInterval(timer);
  }, [parsing, load]);
  const parsedCount = uploads?.filter((u) => u.status === "parsed").length ?? 0;
  useEffect(() => {
    if (parsedCount > 0) onParsed?.();
  }, [parsedCount, onParsed]);

  async function act(run: () => Promise<unknown>) {
    setError(null);
    setBusy(true);
    try {
      await run();
      await load();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  async function upload(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    await act(async () => {
      const cv = await holderFetch<CvUpload>("/holder/cv/upload", { method: "POST", body: form });
      await holderFetch(`/holder/cv/${cv.id}/parse`, { method: "POST" });
    });
    (event.target as HTMLFormElement).reset();
  }

  return (
    <section className="space-y-4" aria-label="CV">
      <h2 className="text-lg font-semibold">CV</h2>
      <form onSubmit={upload} className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 p-5">
        <label className="block text-sm font-medium">
          PDF or Word (DOCX), at most 10 MB
          <input name="file" type="file" required accept=".pdf,.docx,application/pdf" className="mt-1 block text-sm" />
        </label>
        <button
          type="submit"
          disabled={busy}
          className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold hover:border-slate-400"
        >
          Upload and read
        </button>
      </form>
      {error && (
        <p role="alert" className="text-sm text-rejected">
          {error}
        </p>
      )}
      {uploads?.length === 0 && <p className="text-sm text-slate-600">No CV uploaded yet.</p>}
      <ul className="space-y-3" data-testid="cv-uploads">
        {uploads?.map((cv) => (
          <li key={cv.id} className="rounded-xl border border-slate-200 p-4">
            <p className="font-semibold">{cv.file_name}</p>
            <p className="text-sm text-slate-600" role="status" data-status={cv.status}>
              {cv.status === "parsing" && "Reading your CV…"}
              {cv.status === "uploaded" && "Uploaded, not read yet."}
              {cv.status === "parsed" &&
                `Read: ${cv.event_count} entr${cv.event_count === 1 ? "y" : "ies"} added to your timeline.`}
              {cv.status === "failed" && `Could not be read: ${cv.parse_error}`}
            </p>
            <div className="mt-2 flex flex-wrap gap-3 text-sm">
              {cv.status !== "parsing" && (
                <button
                  type="button"
                  className="underline"
                  disabled={busy}
                  onClick={() => void act(() => holderFetch(`/holder/cv/${cv.id}/parse`, { method: "POST" }))}
                >
                  {cv.status === "uploaded" ? "Read it" : "Read it again"}
                </button>
              )}
              <button
                type="button"
                className="underline"
                disabled={busy}
                onClick={() =>
                  void act(() => holderFetch(`/holder/cv/${cv.id}?delete_events=false`, { method: "DELETE" }))
                }
              >
                Delete (keep its entries)
              </button>
              <button
                type="button"
                className="underline"
                disabled={busy}
                onClick={() =>
                  void act(() => holderFetch(`/holder/cv/${cv.id}?delete_events=true`, { method: "DELETE" }))
                }
              >
                Delete with its entries
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
