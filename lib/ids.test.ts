import { describe, expect, it } from "vitest";
import { hasPrefix, newId } from "./ids";

describe("newId", () => {
  it("is prefixed, unique and carries 128 random bits after the time", () => {
    const ids = new Set(Array.from({ length: 2000 }, () => newId("verification")));
    expect(ids.size).toBe(2000);
    for (const id of ids) expect(id).toMatch(/^ver_[0-9a-hjkmnp-tv-z]{36}$/);
    expect(hasPrefix([...ids][0], "verification")).toBe(true);
    expect(hasPrefix([...ids][0], "user")).toBe(false);
  });

  it("sorts by creation time", async () => {
    const first = newId("event");
    await new Promise((r) => setTimeout(r, 3));
    const second = newId("event");
    expect([second, first].sort()).toEqual([first, second]);
  });
});
