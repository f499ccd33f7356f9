// Secrets that travel in a path (the institution's confirmation link) never reach a log.
const SECRET_PATHS = /(\/(?:approve|issuer-approval\/(?:view|respond))\/)[^/?#]+/g;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PATHS, "$1[redacted]");
}
