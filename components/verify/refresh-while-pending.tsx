"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

const FIRST_MS = 2_000;
const LONGEST_MS = 15_000;

/**
 * A verification still being analysed ends on the server without anyone watching it (its upload's
 * stream may have died), or is failed and refunded by the sweep if its process died: the page asks
 * the server again, less and less often, until it shows whichever came.
 */
export function RefreshWhilePending() {
  const router = useRouter();
  useEffect(() => {
    let delay = FIRST_MS;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      router.refresh();
      delay = Math.min(Math.round(delay * 1.5), LONGEST_MS);
      timer = setTimeout(tick, delay);
    };
    timer = setTimeout(tick, delay);
    return () => clearTimeout(timer);
  }, [router]);
  return (
    <p className="mt-2 text-sm text-slate-500" aria-live="polite">
      The analysis is still running. This page shows the verdict by itself when it is ready.
    </p>
  );
}
