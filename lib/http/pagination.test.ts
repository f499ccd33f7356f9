import { describe, expect, it } from "vitest";
import { listEnvelope, paginationQuerySchema } from "./pagination";

describe("pagination", () => {
  it("uses the extra row to tell has_more and the last id as cursor", () => {
    const rows = [{ id: "c" }, { id: "b" }, { id: "a" }];
    expect(listEnvelope(rows, 2, (r) => r.id)).toEqual({
      object: "list",
      data: ["c", "b"],
      has_more: true,
      next_cursor: "b",
    });
    expect(listEnvelope(rows, 3, (r) => r.id)).toEqual({
      object: "list",
      data: ["c", "b", "a"],
      has_more: false,
      next_cursor: null,
    });
  });

  it("bounds limit to 1-100 with default 20", () => {
    expect(paginationQuerySchema.parse({}).limit).toBe(20);
    expect(paginationQuerySchema.parse({ limit: "100" }).limit).toBe(100);
    expect(paginationQuerySchema.safeParse({ limit: "0" }).success).toBe(false);
    expect(paginationQuerySchema.safeParse({ limit: "101" }).success).toBe(false);
    expect(paginationQuerySchema.safeParse({ limit: "2.5" }).success).toBe(false);
  });
});
