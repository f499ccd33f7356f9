// Web application timings on the real route handlers (npm run bench:web):
// time to the first SSE event of POST /verify, the PDF report (stored verification with its page
// image, and /report/generate from JSON) and the OG image (cache busted by `v` each time).
// Targets (DESIGN.md): first event ≤ 100 ms, report ≤ 150 ms, OG image ≤ 60 ms, at p50 and p95.
import { writeFileSync, mkdirSync } from "node:fs";
import { expect, it } from "vitest";
import { GET as ogImage } from "../app/dashboard/verification/[verification_id]/og-image/route";
import { GET as storedReport } from "../app/dashboard/verification/[verification_id]/report/route";
import { POST as generateReport } from "../app/report/generate/route";
import { POST as verify } from "../app/verify/route";
import { makeSession } from "../tests/helpers/harness";
import { diplomaPdf } from "../tests/integration/app-documents";

const WARMUP = 3;
const RUNS = Number(process.env.BENCH_RUNS ?? 40);

interface Sample {
  wall: number;
  /** CPU time of this process during the operation: what the work costs on a machine of our own. */
  cpu: number;
}

const quantile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
};
const round = (n: number) => Math.round(n * 10) / 10;

function summarise(name: string, target: number, samples: Sample[]) {
  const wall = samples.map((s) => s.wall);
  const cpu = samples.map((s) => s.cpu);
  return {
    name,
    target_ms: target,
    p50_ms: round(quantile(wall, 0.5)),
    p95_ms: round(quantile(wall, 0.95)),
    cpu_p50_ms: round(quantile(cpu, 0.5)),
    cpu_p95_ms: round(quantile(cpu, 0.95)),
    runs: samples.length,
  };
}

const cpuSince = (before: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
};

/** `once` returns its wall time, or a full sample when only part of its work is being measured. */
async function measure(runs: number, once: (i: number) => Promise<number | Sample>): Promise<Sample[]> {
  const one = async (i: number): Promise<Sample> => {
    const before = process.cpuUsage();
    const result = await once(i);
    return typeof result === "number" ? { wall: result, cpu: cpuSince(before) } : result;
  };
  for (let i = 0; i < WARMUP; i++) await one(-1 - i);
  const samples: Sample[] = [];
  for (let i = 0; i < runs; i++) samples.push(await one(i));
  return samples;
}

it("web application timings", async () => {
  const session = await makeSession({ plan: "business" });
  const pdf = await diplomaPdf("Bench Person");
  let verificationId = "";

  const firstEvent = await measure(RUNS, async () => {
    const form = new FormData();
    form.append("file", new File([Buffer.from(pdf)], "bench.pdf", { type: "application/pdf" }));
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const res = await verify(
      new Request("http://localhost:3000/verify", { method: "POST", headers: session.auth, body: form }),
    );
    const reader = res.body!.getReader();
    const first = await reader.read();
    const sample = { wall: performance.now() - started, cpu: cpuSince(cpuBefore) };
    expect(new TextDecoder().decode(first.value).startsWith("event: init")).toBe(true);
    // Drain the stream so no analysis runs behind the next measurement.
    let text = new TextDecoder().decode(first.value);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    verificationId = /"verification_id":"([^"]+)"/.exec(text)![1];
    return sample;
  });

  const params = () => ({ params: Promise.resolve({ verification_id: verificationId }) });
  const stored = await measure(RUNS, async (i) => {
    const started = performance.now();
    const res = await storedReport(
      new Request(`http://localhost:3000/dashboard/verification/${verificationId}/report`, {
        headers: { "x-forwarded-for": `10.9.${(i + 10) & 255}.${(i + 10) >> 8}` },
      }),
      params(),
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    const elapsed = performance.now() - started;
    expect(res.status).toBe(200);
    expect(bytes.byteLength).toBeGreaterThan(1000);
    return elapsed;
  });

  const verdictJson = await (
    await import("../app/dashboard/verification/[verification_id]/route")
  ).GET(new Request(`http://localhost:3000/dashboard/verification/${verificationId}`), params());
  const body = JSON.stringify(await verdictJson.json());
  const generated = await measure(RUNS, async () => {
    const started = performance.now();
    const res = await generateReport(
      new Request("http://localhost:3000/report/generate", {
        method: "POST",
        headers: { ...session.auth, "content-type": "application/json" },
        body,
      }),
    );
    await res.arrayBuffer();
    expect(res.status).toBe(200);
    return performance.now() - started;
  });

  const og = await measure(RUNS, async (i) => {
    const started = performance.now();
    const res = await ogImage(
      new Request(`http://localhost:3000/dashboard/verification/${verificationId}/og-image?v=bench-${i}`),
      params(),
    );
    await res.arrayBuffer();
    expect(res.status).toBe(200);
    return performance.now() - started;
  });
  const ogCached = await measure(RUNS, async () => {
    const started = performance.now();
    const res = await ogImage(
      new Request(`http://localhost:3000/dashboard/verification/${verificationId}/og-image?v=bench-0`),
      params(),
    );
    await res.arrayBuffer();
    return performance.now() - started;
  });

  const results = [
    summarise("POST /verify: time to first SSE event", 100, firstEvent),
    summarise("GET …/report: stored verification PDF (1 page image)", 150, stored),
    summarise("POST /report/generate: PDF from verdict JSON", 150, generated),
    summarise("GET …/og-image: generated (new v each run)", 60, og),
    summarise("GET …/og-image: cached", 60, ogCached),
  ];
  console.table(results);
  console.log(
    `load average during the run: ${(await import("node:os"))
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")} on ${(await import("node:os")).cpus().length} cores`,
  );
  mkdirSync("bench/out", { recursive: true });
  writeFileSync("bench/out/web.json", JSON.stringify({ at: new Date().toISOString(), results }, null, 2));
});
