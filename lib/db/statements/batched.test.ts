import { describe, expect, it } from "vitest";
import type { DbClient } from "../index";
import { batched } from "./batched";

const client = (name: string) => ({ name }) as unknown as DbClient;

describe("batched", () => {
  it("runs the calls of one moment as one, per client, and answers each caller its own output", async () => {
    const runs: Array<[string, number[]]> = [];
    const double = batched(async (db: DbClient, inputs: number[]) => {
      runs.push([(db as unknown as { name: string }).name, inputs]);
      return inputs.map((n) => n * 2);
    });
    const [a, b] = [client("a"), client("b")];
    const answers = await Promise.all([double(a, 1), double(b, 2), double(a, 3)]);
    expect(answers).toEqual([2, 4, 6]);
    expect(runs).toEqual([
      ["a", [1, 3]],
      ["b", [2]],
    ]);
    expect(await double(a, 5)).toBe(10);
    expect(runs.at(-1)).toEqual(["a", [5]]);
  });

  it("splits a batch past its maximum", async () => {
    const sizes: number[] = [];
    const echo = batched(
      async (_db: DbClient, inputs: number[]) => {
        sizes.push(inputs.length);
        return inputs;
      },
      { max: 2 },
    );
    const db = client("a");
    expect(await Promise.all([1, 2, 3, 4, 5].map((n) => echo(db, n)))).toEqual([1, 2, 3, 4, 5]);
    expect(sizes).toEqual([2, 2, 1]);
  });

  it("runs each call alone when the batch fails, so only the input refused fails", async () => {
    const sizes: number[] = [];
    const check = batched(async (_db: DbClient, inputs: number[]) => {
      sizes.push(inputs.length);
      if (inputs.includes(13)) throw new Error("13 refused");
      return inputs.map(String);
    });
    const db = client("a");
    const settled = await Promise.allSettled([check(db, 1), check(db, 13), check(db, 2)]);
    expect(settled.map((s) => (s.status === "fulfilled" ? s.value : (s.reason as Error).message))).toEqual([
      "1",
      "13 refused",
      "2",
    ]);
    expect(sizes).toEqual([3, 1, 1, 1]);
  });
});
