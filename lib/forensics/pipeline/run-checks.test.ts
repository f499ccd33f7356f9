import { afterEach, describe, expect, it } from "vitest";
import type { Check, DocumentContext } from "../context";
import { runChecks } from "./run-checks";
import { Deadline } from "./deadline";

const ctx = {} as DocumentContext;
const deadlines: Deadline[] = [];
afterEach(() => deadlines.splice(0).forEach((d) => d.dispose()));
const deadline = (ms = 10_000) => {
  const d = new Deadline(ms);
  deadlines.push(d);
  return d;
};

const ok: Check = {
  name: "ok",
  applies: () => true,
  run: async (_ctx, log) => {
    log("looked");
    return [
      {
        check: "ok.thing",
        severity: "low",
        score: 1.7,
        message: "m",
        page: 1,
        region: { x: -1, y: 0.5, width: 2, height: 0.1 },
      },
    ];
  },
};
const crashes: Check = {
  name: "crashy",
  applies: () => true,
  run: async () => {
    throw new Error("boom");
  },
};
const throwsSync: Check = {
  name: "sync",
  applies: () => true,
  run: () => {
    throw new Error("sync boom");
  },
};
const badApplies: Check = {
  name: "bad",
  applies: () => {
    throw new Error("no");
  },
  run: async () => [],
};
const notMine: Check = {
  name: "skip",
  applies: () => false,
  run: async () => {
    throw new Error("must not run");
  },
};

describe("running the checks", () => {
  it("a crashing check becomes an info finding; the others still report", async () => {
    const logs: string[] = [];
    const out = await runChecks([ok, crashes, throwsSync, badApplies, notMine], ctx, deadline(), (m) => logs.push(m));
    expect(out.ran).toEqual(["ok"]);
    expect(out.failed.sort()).toEqual(["bad", "crashy", "sync"]);
    expect(out.skipped).toEqual(["skip"]);
    const errors = out.findings.filter((f) => f.check.endsWith(".error"));
    expect(errors).toHaveLength(3);
    expect(errors.every((f) => f.severity === "info" && /could not run/.test(f.message))).toBe(true);
    expect(logs).toContain("ok: looked");
  });

  it("clamps scores and regions into range", async () => {
    const out = await runChecks([ok], ctx, deadline(), () => {});
    expect(out.findings[0].score).toBe(1);
    expect(out.findings[0].region).toEqual({ x: 0, y: 0.5, width: 1, height: 0.1 });
  });

  it("a check that hangs past the deadline ends the analysis with a timeout", async () => {
    const hangs: Check = { name: "hang", applies: () => true, run: () => new Promise(() => {}) };
    await expect(runChecks([hangs], ctx, deadline(50), () => {})).rejects.toMatchObject({ code: "timeout" });
  });
});
