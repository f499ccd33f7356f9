// The checks run side by side and independently: one that throws becomes an info finding
// saying it could not run, never a failed analysis.
import type { Check, DocumentContext } from "../context";
import { ForensicInputError, type Finding } from "../types";
import type { Deadline } from "./deadline";

export interface ChecksOutcome {
  findings: Finding[];
  ran: string[];
  failed: string[];
  skipped: string[];
}

export async function runChecks(
  checks: readonly Check[],
  ctx: DocumentContext,
  deadline: Deadline,
  log: (message: string) => void,
): Promise<ChecksOutcome> {
  const applicable: Check[] = [];
  const skipped: string[] = [];
  const failed: string[] = [];
  const findings: Finding[] = [];
  for (const check of checks) {
    try {
      if (check.applies(ctx)) applicable.push(check);
      else skipped.push(check.name);
    } catch (e) {
      failed.push(check.name);
      findings.push(couldNotRun(check.name, e));
    }
  }
  log(`running ${applicable.length} checks: ${applicable.map((c) => c.name).join(", ") || "none"}`);

  const settled = await Promise.allSettled(
    applicable.map((check) =>
      // A check is started on the next tick so a synchronous throw is a rejection like any other.
      deadline.race(Promise.resolve().then(() => check.run(ctx, (m) => log(`${check.name}: ${m}`)))),
    ),
  );
  deadline.check();

  const ran: string[] = [];
  settled.forEach((result, i) => {
    const name = applicable[i].name;
    if (result.status === "fulfilled" && Array.isArray(result.value)) {
      ran.push(name);
      findings.push(...result.value.filter(isFinding).map(normalise));
      log(`${name}: ${result.value.length} finding${result.value.length === 1 ? "" : "s"}`);
    } else {
      const reason = result.status === "rejected" ? result.reason : new Error("returned no list of findings");
      if (reason instanceof ForensicInputError && reason.code === "timeout") throw reason;
      failed.push(name);
      findings.push(couldNotRun(name, reason));
      log(`${name}: could not run`);
    }
  });
  return { findings, ran, failed, skipped };
}

function couldNotRun(name: string, e: unknown): Finding {
  const reason = e instanceof Error ? e.message.split("\n")[0].slice(0, 200) : String(e);
  return {
    check: `${name}.error`,
    severity: "info",
    score: 0,
    message: `The ${name} check could not run (${reason}); its evidence is missing from this report.`,
    page: null,
    region: null,
    evidence: { error: reason },
  };
}

function isFinding(f: unknown): f is Finding {
  return (
    !!f &&
    typeof f === "object" &&
    typeof (f as Finding).check === "string" &&
    typeof (f as Finding).message === "string"
  );
}

/** Scores and regions clamped into their documented ranges, so one sloppy check cannot skew fusion. */
function normalise(f: Finding): Finding {
  const clamp = (v: number) => (Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0);
  return {
    ...f,
    score: clamp(f.score),
    page: f.page ?? null,
    region: f.region
      ? { x: clamp(f.region.x), y: clamp(f.region.y), width: clamp(f.region.width), height: clamp(f.region.height) }
      : null,
  };
}
