import { describe, expect, it } from "vitest";
import { ApiError, ERROR_CODES } from "../http/errors";
import { appErrorResponse } from "./app-error-response";

const req = new Request("http://localhost/dashboard/stats");

describe("the application routes' error envelope", () => {
  it("answers validation with the table's application status and the {detail:[…]} shape", async () => {
    const issues = [{ loc: ["body", "email"], msg: "Invalid email", type: "invalid_format" }];
    const res = appErrorResponse(new ApiError("invalid_request", "email: Invalid email", { issues }), "req_1", req);
    expect(res.status).toBe(ERROR_CODES.invalid_request.appStatus);
    expect(res.status).not.toBe(ERROR_CODES.invalid_request.status);
    expect(await res.json()).toEqual({ detail: issues, request_id: "req_1" });
  });

  it("answers every other code with its table status and {detail, code, request_id}", async () => {
    const res = appErrorResponse(
      new ApiError("not_found", "No such thing.", { headers: { "x-a": "1" } }),
      "req_2",
      req,
    );
    expect(res.status).toBe(ERROR_CODES.not_found.status);
    expect(res.headers.get("x-a")).toBe("1");
    expect(await res.json()).toEqual({ detail: "No such thing.", code: "not_found", request_id: "req_2" });
  });

  it("turns an unexpected error into internal_error without its message", async () => {
    const res = appErrorResponse(new Error("password=hunter2 at db.internal"), "req_3", req);
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body.code).toBe("internal_error");
    expect(JSON.stringify(body)).not.toContain("hunter2");
  });
});
