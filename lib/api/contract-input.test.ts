import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "../http/errors";
import { readContractInput } from "./contract-input";

const contract = {
  params: z.strictObject({ page: z.coerce.number().int().min(1) }),
  query: z.strictObject({ limit: z.coerce.number().int().max(100).default(50) }),
  body: { json: z.strictObject({ name: z.string().min(1) }) },
};

const post = (url: string, body?: string, type = "application/json") =>
  new Request(url, { method: "POST", headers: body === undefined ? {} : { "content-type": type }, body });

async function issueOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("readContractInput", () => {
  it("hands the handler the parsed params, query and body", async () => {
    const input = await readContractInput(contract, post("http://x/p?limit=7", '{"name":"a"}'), { page: "2" });
    expect(input).toEqual({ params: { page: 2 }, query: { limit: 7 }, body: { name: "a" } });
  });

  it("refuses each part with invalid_request and says where", async () => {
    const params = await issueOf(readContractInput(contract, post("http://x/p", '{"name":"a"}'), { page: "0" }));
    expect(params.code).toBe("invalid_request");
    expect(params.options.issues?.[0].loc).toEqual(["path", "page"]);
    const query = await issueOf(
      readContractInput(contract, post("http://x/p?limit=101", '{"name":"a"}'), { page: "1" }),
    );
    expect(query.options.issues?.[0].loc).toEqual(["query", "limit"]);
    const body = await issueOf(readContractInput(contract, post("http://x/p", '{"name":"a","x":1}'), { page: "1" }));
    expect(body.options.issues?.[0].loc).toEqual(["body"]);
    expect(body.message).toMatch(/unknown field/);
  });

  it("refuses a body that is not JSON, and lets an optional body be absent", async () => {
    const type = await issueOf(readContractInput(contract, post("http://x/p", "name=a", "text/plain"), { page: "1" }));
    expect(type.code).toBe("unsupported_media_type");
    const optional = { body: { json: z.strictObject({}), required: false } };
    expect((await readContractInput(optional, post("http://x/p"), {})).body).toBeUndefined();
    await expect(readContractInput(optional, post("http://x/p", "{}"), {})).resolves.toMatchObject({ body: {} });
  });

  it("leaves a multipart body to the handler", async () => {
    const upload = { body: { json: z.strictObject({}), multipart: z.strictObject({ file: z.string() }) } };
    const req = post("http://x/p", "--b--", "multipart/form-data; boundary=b");
    expect((await readContractInput(upload, req, {})).body).toBeUndefined();
    expect(req.bodyUsed).toBe(false);
  });
});
