// The official clients' types are generated from the /v1 OpenAPI document (scripts/client-types.ts);
// a contract change must reach both clients, so a stale checked-in file fails here.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { NODE_TYPES_FILE, PYTHON_TYPES_FILE, renderNodeTypes, renderPythonTypes } from "../../scripts/client-types";

const STALE = "stale: run npm run clients:types";

describe("official client types", () => {
  it("clients/node/src/openapi.gen.ts matches /v1/openapi.json", async () => {
    expect(readFileSync(NODE_TYPES_FILE, "utf8"), STALE).toBe(await renderNodeTypes());
  });

  it("clients/python/credence/_types.py matches /v1/openapi.json", () => {
    expect(readFileSync(PYTHON_TYPES_FILE, "utf8"), STALE).toBe(renderPythonTypes());
  });
});
