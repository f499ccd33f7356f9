// Which URLs may receive webhooks: absolute http(s) without credentials, https in live mode, and a
// host whose every address is public (lib/net's policy: FETCH_ALLOW_PRIVATE lets tests and
// self-hosters reach private and loopback receivers; cloud metadata addresses never). Checked at
// registration and again before every attempt, since DNS answers change.
import { resolveSafeAddress } from "../net/safe-fetch";
import { UnsafeUrlError } from "../net/address-policy";

export { UnsafeUrlError };

export function assertWebhookUrlShape(raw: string, livemode: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeUrlError(`"${raw}" is not an absolute URL.`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new UnsafeUrlError(`Webhook URLs use https (got ${url.protocol}).`);
  if (livemode && url.protocol !== "https:") throw new UnsafeUrlError("Live-mode webhook URLs must use https.");
  if (url.username || url.password) throw new UnsafeUrlError("Webhook URLs may not carry credentials.");
  return url;
}

/** The URL and the checked address to connect to (the request is pinned to it). */
export async function assertWebhookUrl(
  raw: string,
  livemode: boolean,
): Promise<{ url: URL; address: string; family: 4 | 6 }> {
  const url = assertWebhookUrlShape(raw, livemode);
  const pinned = await resolveSafeAddress(url.hostname);
  return { url, ...pinned };
}
