// The rows of the access table (tests/integration/access-matrix.int.test.ts): what each caller
// may do on one route, and how to build a request that addresses the owner's resource.
import type { Scope } from "../../../lib/tokens/scopes";
import type { RouteHandler } from "./served-routes";

/** One concrete request. */
export interface Fixture {
  /** URL path and query, e.g. "/v1/webhooks/we_…/ping". */
  path: string;
  params?: Record<string, string | string[]>;
  body?: object | FormData | string;
  headers?: Record<string, string>;
  /** Headers only the owner's own requests carry (its browser's cookie). */
  ownerHeaders?: Record<string, string>;
  /** Data of the owner that no other caller may ever receive (ids, URLs, file names). */
  secrets?: string[];
  /** The id of the owner's resource the request addresses: its unknown twin must answer alike. */
  resourceId?: string;
  /** State a refused call must leave as it was (compared before and after the refusals). */
  snapshot?: () => Promise<unknown>;
}

export interface AppActor {
  user: { id: string; email: string };
  jwt: string;
  auth: Record<string, string>;
}

export interface TokenActor {
  userId: string;
  email: string;
  /** A token of the owner, test mode, every scope. */
  auth: Record<string, string>;
}

/** Access values as routes.tsv spells them. */
export type AppAccess =
  "public" | "optional" | "user" | "user-owner" | "owner-or-admin" | "admin" | "super-admin" | "admin-secret";

/** What a signed-in caller who is not the owner gets. */
export type Outcome = "allowed" | "not_found" | "forbidden";

export interface AppRow {
  family: "app";
  access: AppAccess;
  /** Status of an allowed call. */
  ok: number;
  build: (owner: AppActor) => Promise<Fixture>;
  /** Override of the default for another signed-in user (e.g. a `user` route with an id in the body). */
  others?: Outcome;
  /** Override of the default for admins who do not own the resource. */
  admins?: Outcome;
  /** A body that fails validation: sent by another user, the owner's id and an unknown id must answer alike. */
  invalidBody?: (fixture: Fixture) => object;
  /** A public share route: the projection must not carry the owner or where the file is stored. */
  share?: "json" | "pdf" | "binary";
  /** A successful call spends the fixture (single-use link, unique e-mail): build one per call. */
  oneShot?: boolean;
  /** Why the route is not in routes.tsv (only for routes the spec does not list). */
  notInSpec?: string;
}

export type V1Kind =
  /** addresses one resource of the owner by id: everybody else gets 404 */
  | "resource"
  /** lists or shows the caller's own things: others get their own, never the owner's */
  | "own"
  /** creates something for the caller */
  | "create";

export interface V1Row {
  family: "v1";
  access: "api-token";
  kind: V1Kind;
  /** The scope the token needs. */
  scope: Scope;
  plan?: "business";
  ok: number;
  build: (owner: TokenActor) => Promise<Fixture>;
  /** Requests of another user that mix their own parent resource with the owner's child: 404. */
  cross?: (owner: TokenActor, fixture: Fixture, other: TokenActor) => Promise<Fixture>;
  notInSpec?: string;
}

/** Routes outside both wrappers, with their own checks. */
export interface CustomRow {
  family: "custom";
  access: string;
  notInSpec?: string;
  probe: (handler: RouteHandler) => Promise<void>;
}

export type AccessRow = AppRow | V1Row | CustomRow;
