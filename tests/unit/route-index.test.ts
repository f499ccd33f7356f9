// The route indexes (app/route-index.ts, app/v1/route-index.ts) are generated from the route files;
// the OpenAPI documents and the production server read them, so a stale one must not be committed.
import { describe, expect, it } from "vitest";
import { INDEXES, readIndex, renderRouteIndex, urlPathOf } from "../../scripts/route-index";

describe("route indexes", () => {
  it.each(INDEXES.map((index) => [index.file, index] as const))(
    "%s lists every route file of its wrapper",
    async (_file, index) => {
      expect(readIndex(index), "stale: run npx tsx scripts/route-index.ts (npm run dev and build do)").toBe(
        await renderRouteIndex(index),
      );
    },
  );

  it("maps folders to URL paths as Next.js does", () => {
    expect(urlPathOf("dashboard/verification/[verification_id]/image/[page]")).toBe(
      "/dashboard/verification/{verification_id}/image/{page}",
    );
    expect(urlPathOf("(app)/v1/verifications")).toBe("/v1/verifications");
  });
});
