"use client";

import { useRouter } from "next/navigation";
import { useCallback, useRef, useState } from "react";
import { readEventStream } from "./read-event-stream";
import { StageList, type StageState } from "./stage-list";

const ACCEPT =
  "application/pdf,image/jpeg,image/png,image/webp,image/tiff,image/heic,image/heif,image/avif,.heic,.heif";

type Phase = { kind: "idle" } | { kind: "running"; file: string } | { kind: "error"; message: string };

/** The engine's own answer about this document, as opposed to a broken connection. */
class VerificationError extends Error {}

type StageEvent = { stage: string; status: "start" | "complete"; label: string; duration_ms?: number };
type ProgressEvent = { stage: string; message: string };

export function UploadPanel() {
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [deep, setDeep] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const [stages, setStages] = useState<StageState[]>([]);

  const onStage = (e: StageEvent) =>
    setStages((prev) => {
      const others = prev.filter((s) => s.stage !== e.stage);
      const existing = prev.find((s) => s.stage === e.stage);
      const next: StageState = {
        stage: e.stage,
        label: e.label,
        status: e.status === "complete" ? "done" : "running",
        durationMs: e.duration_ms,
        messages: existing?.messages ?? [],
      };
      return existing ? prev.map((s) => (s.stage === e.stage ? next : s)) : [...others, next];
    });

  const onProgress = (e: ProgressEvent) =>
    setStages((prev) => prev.map((s) => (s.stage === e.stage ? { ...s, messages: [...s.messages, e.message] } : s)));

  const upload = useCallback(
    async (file: File) => {
      setStages([]);
      setPhase({ kind: "running", file: file.name });
      const form = new FormData();
      form.append("file", file);
      form.append("mode", deep ? "deep" : "standard");
      try {
        const res = await fetch("/verify", { method: "POST", body: form });
        if (!res.ok || !res.body) {
          const body = (await res.json().catch(() => null)) as { detail?: unknown } | null;
          const detail = Array.isArray(body?.detail)
            ? body.detail.map((d: { msg: string }) => d.msg).join("; ")
            : body?.detail;
          throw new Error(typeof detail === "string" ? detail : `The upload failed (${res.status}).`);
        }
        let id: string | null = null;
        try {
          for await (const { event, data } of readEventStream(res.body)) {
            if (event === "init") id = (data as { verification_id: string }).verification_id;
            else if (event === "stage") onStage(data as StageEvent);
            else if (event === "progress") onProgress(data as ProgressEvent);
            else if (event === "error") throw new VerificationError((data as { message: string }).message);
            else if (event === "verdict" && id) {
              router.push(`/verifications/${id}`);
              return;
            }
          }
        } catch (error) {
          if (error instanceof VerificationError || !id) throw error;
        }
        // The stream died after the verification was created: it goes on (or is failed and refunded)
        // on the server, and its page follows it.
        if (id) {
          router.push(`/verifications/${id}`);
          return;
        }
        throw new Error("The connection closed before the verification started. Please try again.");
      } catch (error) {
        setPhase({ kind: "error", message: error instanceof Error ? error.message : String(error) });
      }
    },
    [deep, router],
  );

  const running = phase.kind === "running";
  return (
    <div className="space-y-6">
      <div
        role="button"
        tabIndex={0}
        aria-disabled={running}
        aria-label="Choose a document to verify, or drop it here"
        onClick={() => !running && input.current?.click()}
        onKeyDown={(e) => {
          if (!running && (e.key === "Enter" || e.key === " ")) {
            e.preventDefault();
            input.current?.click();
          }
        }}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          const file = e.dataTransfer.files[0];
          if (file && !running) void upload(file);
        }}
        className={`flex cursor-pointer flex-col items-center justify-center rounded-2xl border-2 border-dashed px-6 py-16 text-center transition ${
          dragging ? "border-brand-500 bg-brand-50" : "border-slate-300 bg-slate-50 hover:border-slate-400"
        } ${running ? "cursor-wait opacity-60" : ""}`}
      >
        <p className="text-lg font-semibold">
          {running ? `Verifying ${phase.file}…` : "Drop a document here, or click to choose"}
        </p>
        <p className="mt-2 text-sm text-slate-500">PDF, JPEG, PNG, WebP, TIFF, HEIC or AVIF · up to 20 MiB</p>
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          className="sr-only"
          data-testid="file-input"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void upload(file);
            e.target.value = "";
          }}
        />
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-600">
        <input type="checkbox" checked={deep} disabled={running} onChange={(e) => setDeep(e.target.checked)} />
        Deep verification: every page at full resolution (slower; 5 credits instead of 1)
      </label>
      {phase.kind === "error" && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-rejected">
          {phase.message}
        </p>
      )}
      {running && stages.length === 0 && (
        <p className="text-sm text-slate-600" role="status" data-testid="waiting-for-engine">
          Sending the document and waiting for a free engine to start the analysis…
        </p>
      )}
      <StageList stages={stages} />
    </div>
  );
}
