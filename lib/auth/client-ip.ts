// The caller's address as the reverse proxies in front of the app report it. Route handlers do not
// see the socket. Each proxy appends the address it received the request from to X-Forwarded-For,
// so only the last TRUSTED_PROXY_HOPS entries were written by our own proxies: the entry just before
// them is the client. Anything further left was sent by the client itself and could be forged.
import { loadEnv } from "../env";

export function clientIp(req: { headers: Headers }): string {
  const hops = loadEnv().TRUSTED_PROXY_HOPS;
  if (hops === 0) return "unknown";
  const chain = (req.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  // With one proxy that sets X-Real-IP instead (nginx `proxy_set_header X-Real-IP $remote_addr`).
  const ip = chain.length > 0 ? chain[Math.max(0, chain.length - hops)] : req.headers.get("x-real-ip")?.trim();
  return ip && ip.length <= 64 ? ip : "unknown";
}
