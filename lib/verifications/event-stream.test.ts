import { describe, expect, it } from "vitest";
import { eventStream, formatEvent } from "./event-stream";

describe("eventStream", () => {
  it("delivers the first event before the work behind it has finished", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const stream = eventStream({ event: "init", data: { id: 1 } }, async (send) => {
      await gate;
      send("verdict", { ok: true });
    });
    const reader = stream.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('event: init\ndata: {"id":1}\n\n');
    release();
    const second = await reader.read();
    expect(new TextDecoder().decode(second.value)).toBe(formatEvent("verdict", { ok: true }));
    expect((await reader.read()).done).toBe(true);
  });

  it("lets the work finish when the reader goes away", async () => {
    let finished = false;
    const stream = eventStream({ event: "init", data: {} }, async (send) => {
      await new Promise((r) => setTimeout(r, 10));
      send("verdict", {});
      finished = true;
    });
    const reader = stream.getReader();
    await reader.read();
    await reader.cancel();
    await new Promise((r) => setTimeout(r, 30));
    expect(finished).toBe(true);
  });

  it("keeps each event on one data line", () => {
    expect(formatEvent("progress", { message: "line 1\nline 2" })).toBe(
      'event: progress\ndata: {"message":"line 1\\nline 2"}\n\n',
    );
  });
});
