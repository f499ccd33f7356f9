// The wrapper of every application route (outside /v1): request id → caller → same-site check of
// a change made on the session cookie → access rule → input validated by the route's contract →
// handler → errors in the application envelope. The contract it takes is attached to the handler,
// and /openapi.json is generated from those. Access rules are those of shared/spec/routes.tsv.
import { resolveAppUser } from "../auth/resolve-user";
import { getDb, type Db, type User } from "../db";
import { newId } from "../ids";
import type { Access, AppRouteContract } from "../openapi/contract";
import { documented } from "../openapi/route-table";
import { appErrorResponse } from "./app-error-response";
import { authorizeAppCaller } from "./authorize-app-caller";
import { readContractInput, type ContractInput } from "./contract-input";
import { refuseCrossSite } from "./refuse-cross-site";

type UserFor<A extends Access> = A extends "user" | "admin" | "super_admin" ? User : User | null;

export type AppContext<C extends AppRouteContract> = ContractInput<C> & {
  req: Request;
  db: Db;
  user: UserFor<C["access"]>;
  requestId: string;
  /** Headers the handler wants on the response whatever it returns (cookies). */
  headers: Headers;
};

type RouteContext = { params: Promise<Record<string, string>> };

export function withApp<const C extends AppRouteContract>(
  contract: C,
  handler: (ctx: AppContext<C>) => Promise<Response>,
) {
  const wrapped = async (req: Request, route?: RouteContext): Promise<Response> => {
    const requestId = newId("request");
    const headers = new Headers();
    let response: Response;
    try {
      const db = await getDb();
      const user = contract.access === "public" ? null : await resolveAppUser(db, req);
      refuseCrossSite(req, user !== null && !req.headers.has("authorization"));
      authorizeAppCaller(contract.access, user, req);
      const input = await readContractInput(contract, req, route ? await route.params : {});
      response = await handler({ ...input, req, db, user: user as UserFor<C["access"]>, requestId, headers });
    } catch (error) {
      response = appErrorResponse(error, requestId, req);
    }
    headers.forEach((value, key) => response.headers.set(key, value));
    response.headers.set("X-Request-ID", requestId);
    return response;
  };
  return documented(wrapped, { family: "app", contract });
}
