// The holder panels call the /holder API routes from the browser (the session cookie signs them in).
export interface ApiResult<T> {
  ok: boolean;
  data?: T;
  error?: string;
}

/** The application envelope's message: `detail` is a sentence, or a list of {loc, msg} for 422s. */
function errorMessage(body: unknown, status: number): string {
  const detail = (body as { detail?: unknown } | null)?.detail;
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail))
    return detail
      .map((d: { loc?: unknown[]; msg?: string }) => {
        const field = (d.loc ?? []).filter((part) => part !== "body").join(".");
        return field ? `${field}: ${d.msg}` : (d.msg ?? "");
      })
      .join(" ");
  return `The request failed (HTTP ${status}).`;
}

export async function callApi<T>(path: string, init: RequestInit = {}): Promise<ApiResult<T>> {
  const headers = new Headers(init.headers);
  if (typeof init.body === "string") headers.set("content-type", "application/json");
  try {
    const res = await fetch(path, { ...init, headers, credentials: "same-origin" });
    const body: unknown = res.headers.get("content-type")?.includes("json") ? await res.json() : null;
    return res.ok ? { ok: true, data: body as T } : { ok: false, error: errorMessage(body, res.status) };
  } catch {
    return { ok: false, error: "The server could not be reached. Try again." };
  }
}
