// callback_url of a magic link: only a relative path on our own site, so a link can never send a
// signed-in user to another origin (open redirect). Checked on the raw text and after decoding,
// because browsers treat "\" like "/" and decode "%2F" in places.
const MAX_LENGTH = 512;

/** The path itself when it is a safe same-site path, else null. */
export function safeCallbackPath(value: string): string | null {
  if (value.length === 0 || value.length > MAX_LENGTH) return null;
  let decoded = value;
  for (let i = 0; i < 3; i++) {
    try {
      const next = decodeURIComponent(decoded);
      if (next === decoded) break;
      decoded = next;
    } catch {
      return null;
    }
  }
  // Tabs and newlines are stripped by URL parsers, turning "/\t/evil" into "//evil".
  if (/[\u0000-\u0020\u007f]/.test(value)) return null;
  for (const candidate of [value, decoded]) {
    if (!candidate.startsWith("/")) return null;
    if (candidate.startsWith("//") || candidate.includes("\\")) return null;
    if (/^\/[^/?#]*:/.test(candidate)) return null;
  }
  // The final word: resolved against a dummy origin, it must stay on that origin.
  const resolved = new URL(value, "http://credence.invalid");
  if (resolved.origin !== "http://credence.invalid") return null;
  return value;
}
