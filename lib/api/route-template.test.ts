import { describe, expect, it } from "vitest";
import { routeTemplate } from "./route-template";

describe("routeTemplate", () => {
  it("puts each matched parameter's name where its value stands", () => {
    expect(routeTemplate("/v1/webhooks/we_1/deliveries/wd_2/replay", { id: "we_1", delivery_id: "wd_2" })).toBe(
      "/v1/webhooks/{id}/deliveries/{delivery_id}/replay",
    );
    expect(routeTemplate("/v1/verifications/ver%20x", { id: "ver x" })).toBe("/v1/verifications/{id}");
  });

  it("leaves a path without parameters as it is", () => {
    expect(routeTemplate("/v1/verifications", {})).toBe("/v1/verifications");
    expect(routeTemplate("/v1/verifications/batch", undefined)).toBe("/v1/verifications/batch");
  });
});
