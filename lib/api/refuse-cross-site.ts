// The cross-site step of the application wrapper. A browser attaches the session cookie to any
// request for our origin, including one a hostile page makes it send (a form posted to us, a
// no-cors fetch), so a change made on the cookie's authority must come from our own pages. Browsers
// say where a request comes from: `Sec-Fetch-Site` and `Origin`; one from another site, or from a
// sibling subdomain, is refused. A bearer token is never sent by the browser on its own, and a
// client that sends neither header (curl with a cookie) is not a browser being tricked.
import { loadEnv } from "../env";
import { ApiError } from "../http/errors";
import { isSafeMethod } from "../http/request";

const OWN_SITE = new Set(["same-origin", "none"]);

export function refuseCrossSite(req: Request, authenticatedByCookie: boolean): void {
  if (!authenticatedByCookie || isSafeMethod(req.method)) return;
  const site = req.headers.get("sec-fetch-site");
  const origin = req.headers.get("origin");
  const ownOrigin =
    origin === null || origin === new URL(req.url).origin || origin === new URL(loadEnv().APP_URL).origin;
  if ((site !== null && !OWN_SITE.has(site)) || !ownOrigin) {
    throw new ApiError(
      "forbidden",
      "This request came from another site: your session may only be used by Credence's own pages. Call the API with 'Authorization: Bearer <JWT>' instead.",
    );
  }
}
