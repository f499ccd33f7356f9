// Same-origin calls of the holder panels to the /holder application routes (the session cookie
// authenticates them); an error answer becomes a sentence for the panel to show.
export async function holderFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(path, init);
  const body = res.headers.get("content-type")?.includes("json") ? await res.json() : null;
  if (!res.ok) {
    const detail = body?.detail;
    throw new Error(
      Array.isArray(detail)
        ? detail.map((d: { loc: string[]; msg: string }) => `${d.loc.slice(1).join(".")}: ${d.msg}`).join("; ")
        : typeof detail === "string"
          ? detail
          : `Request failed (${res.status}).`,
    );
  }
  return body as T;
}

export const jsonInit = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});
