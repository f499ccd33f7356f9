// The caller's address as the reverse proxy reports it. Route handlers do not see the socket, so
// this trusts the first X-Forwarded-For hop (set by the proxy in front of the app) or X-Real-IP.
export function clientIp(req: Request): string {
  const forwarded = req.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  const ip = forwarded || req.headers.get("x-real-ip")?.trim();
  return ip && ip.length <= 64 ? ip : "unknown";
}
