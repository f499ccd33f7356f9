import { describe, expect, it } from "vitest";
import { keyToJobId } from "./embedded-engine";

describe("keyToJobId", () => {
  it("maps a job name and key to one fixed UUID, different for other keys and names", () => {
    const id = keyToJobId("webhook.deliver", "ladder:whd_1:2");
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keyToJobId("webhook.deliver", "ladder:whd_1:2")).toBe(id);
    expect(keyToJobId("webhook.deliver", "ladder:whd_1:3")).not.toBe(id);
    expect(keyToJobId("batch.process-item", "ladder:whd_1:2")).not.toBe(id);
  });
});
