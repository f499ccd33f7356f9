"use client";

import { useCallback, useEffect, useState } from "react";
import { holderFetch } from "./holder-api";

interface Achievement {
  key: string;
  title: string;
  description: string;
  unlocked: boolean;
  unlocked_at: string | null;
}

/** The achievement catalogue with what the holder has unlocked, and a check on demand. */
export function AchievementsPanel() {
  const [list, setList] = useState<Achievement[] | null>(null);
  const [fresh, setFresh] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  const [version, setVersion] = useState(0);
  const load = useCallback(async () => setVersion((v) => v + 1), []);
  useEffect(() => {
    let current = true;
    holderFetch<{ data: Achievement[] }>("/holder/achievements").then(
      (answer) => current && setList(answer.data),
      (e: Error) => current && setError(e.message),
    );
    return () => {
      current = false;
    };
  }, [version]);

  async function check() {
    setError(null);
    try {
      const answer = await holderFetch<{ newly_unlocked: Achievement[] }>("/holder/achievements/check", {
        method: "POST",
      });
      setFresh(answer.newly_unlocked.map((a) => a.title));
      await load();
    } catch (e) {
      setError((e as Error).message);
    }
  }

  return (
    <section className="space-y-4" aria-label="Achievements">
      <div className="flex items-center justify-between">
        <h2 className="text-lg font-semibold">Achievements</h2>
        <button
          type="button"
          onClick={() => void check()}
          className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold hover:border-slate-400"
        >
          Check now
        </button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-rejected">
          {error}
        </p>
      )}
      {fresh.length > 0 && (
        <p role="status" className="rounded-lg bg-slate-50 px-4 py-3 text-sm">
          Unlocked: {fresh.join(", ")}
        </p>
      )}
      <ul className="grid gap-3 sm:grid-cols-2">
        {list?.map((a) => (
          <li
            key={a.key}
            data-unlocked={a.unlocked}
            className={`rounded-xl border p-4 ${a.unlocked ? "border-emerald-300 bg-emerald-50" : "border-slate-200 opacity-70"}`}
          >
            <p className="font-semibold">{a.title}</p>
            <p className="text-sm text-slate-600">{a.description}</p>
            <p className="mt-1 text-xs text-slate-500">
              {a.unlocked ? `Unlocked ${a.unlocked_at?.slice(0, 10)}` : "Locked"}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
