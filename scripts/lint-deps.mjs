// `npm run lint:deps`: the import rules of .dependency-cruiser.cjs (no cycles, no upward imports,
// a foundation that imports no domain, an engine that imports nothing but itself) over every
// folder of code. It fails on any violation not in KNOWN below, so the list can only shrink; an
// entry that no longer occurs is reported, to be deleted (it is not an error, so that the commit
// removing a cause need not know about this file).
import { cruise } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";

const ROOTS = [
  "app",
  "components",
  "lib",
  "server",
  "inngest",
  "cli",
  "scripts",
  "bench",
  "prisma",
  "tests",
  "e2e",
  "clients/node",
  "server.ts",
  "auth.ts",
  "instrumentation.ts",
];

/**
 * Violations on main while the change that removes them is under way, each as
 * { rule, from, to, removedBy }. Empty: every rule holds.
 */
const KNOWN = [];

const key = (v) => `${v.rule}: ${v.from} → ${v.to}`;

const options = await extractDepcruiseOptions("./.dependency-cruiser.cjs");
const tsConfig = extractTSConfig("tsconfig.json");
const { output } = await cruise(ROOTS, options, undefined, { tsConfig });
const found = output.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to, cycle: v.cycle }));

const known = new Set(KNOWN.map(key));
const fresh = found.filter((v) => !known.has(key(v)));
const foundKeys = new Set(found.map(key));
const stale = KNOWN.filter((k) => !foundKeys.has(key(k)));
const remaining = KNOWN.filter((k) => foundKeys.has(key(k)));

for (const v of fresh) {
  const via = v.cycle?.length ? ` (cycle: ${[v.from, ...v.cycle.map((c) => c.name ?? c)].join(" → ")})` : "";
  console.error(`✗ ${key(v)}${via}`);
}
for (const k of stale) console.log(`  gone, delete it from KNOWN in scripts/lint-deps.mjs: ${key(k)}`);
for (const k of remaining) console.log(`  known: ${key(k)} (removed by ${k.removedBy})`);
console.log(
  `${output.summary.totalCruised} modules, ${output.summary.totalDependenciesCruised} imports: ` +
    `${fresh.length} new violation(s), ${remaining.length} known, ${stale.length} stale known entr${stale.length === 1 ? "y" : "ies"}`,
);
if (fresh.length > 0) process.exit(1);
