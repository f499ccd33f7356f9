import { describe, expect, it } from "vitest";
import { MemoryCache } from "./memory-cache";

describe("MemoryCache", () => {
  it("evicts the least recently used entry", () => {
    const cache = new MemoryCache<number>(2);
    cache.set("a", 1);
    cache.set("b", 2);
    expect(cache.get("a")).toBe(1);
    cache.set("c", 3);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe(1);
    expect(cache.get("c")).toBe(3);
  });

  it("runs concurrent misses of one key once, and retries after a failure", async () => {
    const cache = new MemoryCache<string>(10);
    let calls = 0;
    const make = async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 5));
      return "png";
    };
    expect(await Promise.all([cache.getOrCreate("k", make), cache.getOrCreate("k", make)])).toEqual(["png", "png"]);
    expect(calls).toBe(1);
    await expect(cache.getOrCreate("bad", () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await cache.getOrCreate("bad", make)).toBe("png");
  });
});
