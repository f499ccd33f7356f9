// The Content-Security-Policy of every answer. Pages get a fresh nonce per request (security-headers.ts):
// Next.js puts it on its own hydration scripts, and 'strict-dynamic' lets those load their chunks,
// so a script injected into a page (or a same-origin upload served as a script) never runs.
// Styles keep 'unsafe-inline': React writes style attributes, and CSS cannot run code.
// Everything a page loads comes from this origin: the product runs without the internet.

/** Frames, plugins and <base> are refused everywhere; other answers (JSON, files) load nothing. */
export const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'self'; object-src 'none'";

export function pagePolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}
