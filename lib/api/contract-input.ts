// The input step both wrappers share: path parameters, query and JSON body validated by the
// route's contract before the handler runs, so what is documented is what is enforced.
import type { z } from "zod";
import type { BodyContract } from "../openapi/contract";
import { parseJson, parseParams, parseQuery } from "../http/request";

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type BodyOut<B> = B extends { json: infer J }
  ? B extends { multipart: z.ZodType }
    ? undefined
    : B extends { required: false }
      ? Out<J> | undefined
      : Out<J>
  : undefined;

export interface InputContract {
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: BodyContract;
}

export interface ContractInput<C extends InputContract> {
  params: C["params"] extends z.ZodType ? z.output<C["params"]> : Record<string, never>;
  query: Out<C["query"]>;
  body: BodyOut<C["body"]>;
}

export async function readContractInput<C extends InputContract>(
  contract: C,
  req: Request,
  rawParams: unknown,
): Promise<ContractInput<C>> {
  const params = contract.params ? parseParams(rawParams ?? {}, contract.params) : {};
  const query = contract.query ? parseQuery(req, contract.query) : undefined;
  const body = await readJsonBody(contract.body, req);
  return { params, query, body } as ContractInput<C>;
}

/** Multipart bodies are the handler's to read (uploads stream through the domain's parser). */
async function readJsonBody(body: BodyContract | undefined, req: Request): Promise<unknown> {
  if (!body?.json || body.multipart) return undefined;
  if (body.required === false && isEmpty(req)) return undefined;
  return parseJson(req, body.json, typeof body.limit === "function" ? body.limit() : body.limit);
}

function isEmpty(req: Request): boolean {
  return req.body === null || req.headers.get("content-length") === "0";
}
