// The layer rules of ARCHITECTURE.md, checked by `npm run lint:deps` (scripts/lint-deps.mjs, part
// of `npm run lint` and so of CI). `npx depcruise --config .dependency-cruiser.cjs --output-type dot
// lib | dot -Tsvg` draws the graph these rules read.
//
// Floors, bottom up: lib/db, lib/http, lib/jobs and the single files lib/*.ts (env, log, ids) are the
// foundation; the other lib/<domain>/ folders stand on it; lib/api (the two route wrappers) stands on
// the domain; app/, components/, server/ and inngest/ are the roof. A file imports only its own floor
// or below.

/** Framework and infrastructure packages the pure engine may not reach. */
const NOT_IN_ENGINE = "^node_modules/(next|next-auth|@prisma|pg|pg-boss|inngest|@electric-sql)/";

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "A cycle means two files are one thing or one of them is on the wrong floor.",
      severity: "error",
      from: { pathNot: "^lib/db/generated/" },
      to: { circular: true },
    },
    {
      name: "lib-not-upward",
      comment: "lib/ is what app/, components/, server/ and inngest/ are built from; never the reverse.",
      severity: "error",
      from: { path: "^lib/" },
      to: { path: "^(app|components|server|inngest)/|^(server|auth|instrumentation)\\.ts$" },
    },
    {
      name: "foundation-not-domain",
      comment: "lib/db, lib/http and lib/jobs are what every domain folder builds on: they import no domain folder.",
      severity: "error",
      from: { path: "^lib/(db|http|jobs)/" },
      to: { path: "^lib/[^/]+/", pathNot: "^lib/(db|http|jobs)/" },
    },
    {
      name: "domain-not-api",
      comment: "lib/api composes the domain into the two route wrappers; a domain folder never imports it.",
      severity: "error",
      from: { path: "^lib/", pathNot: "^lib/api/" },
      to: { path: "^lib/api/" },
    },
    {
      name: "lib-not-next",
      comment: "Next.js is the roof's framework: below lib/api, lib/ runs without it (CLI, workers, benchmarks).",
      severity: "error",
      from: { path: "^lib/", pathNot: "^lib/api/" },
      to: { path: "^node_modules/next/" },
    },
    {
      name: "pg-only-in-db",
      comment: "One pool, in lib/db: raw statements live in lib/db/statements, everything else goes through Prisma.",
      severity: "error",
      from: { path: "^(lib|app|components|server|inngest|cli)/", pathNot: "^lib/db/" },
      to: { path: "^node_modules/pg/" },
    },
    {
      name: "engine-pure",
      comment: "lib/forensics is bytes in, report out: nothing from the rest of lib/, no database, no framework.",
      severity: "error",
      from: { path: "^lib/forensics/" },
      to: { path: ["^lib/(?!forensics/)", NOT_IN_ENGINE] },
    },
    {
      name: "clients-standalone",
      comment:
        "clients/node is published on its own with zero runtime dependencies: it imports only itself and Node's built-ins.",
      severity: "error",
      from: { path: "^clients/node/src/" },
      to: { pathNot: "^clients/node/src/", dependencyTypesNot: ["core"] },
    },
  ],
  options: {
    doNotFollow: { path: "^node_modules/" },
    exclude: { path: "^(\\.next|\\.data)/|^lib/db/generated/|^clients/node/dist/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".mts", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
