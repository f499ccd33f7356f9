// Which network addresses outbound fetches (document_url, webhooks) may reach: public unicast
// only, unless the operator allows private targets (FETCH_ALLOW_PRIVATE, for tests and
// self-hosting on a private network). Cloud metadata addresses are refused in every case.
import { BlockList, isIP } from "node:net";
import { loadEnv } from "../env";

const BLOCKED = new BlockList();
const V4: Array<[string, number]> = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata (169.254.169.254)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
];
const V6: Array<[string, number]> = [
  ["::", 96], // unspecified, loopback and the deprecated IPv4-compatible form (::127.0.0.1)
  ["64:ff9b::", 96], // NAT64 (embeds IPv4; checked below as well)
  ["100::", 64], // discard
  ["2001::", 32], // Teredo (embeds an IPv4 address)
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4 (embeds an IPv4 address)
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
];
for (const [net, prefix] of V4) BLOCKED.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of V6) BLOCKED.addSubnet(net, prefix, "ipv6");

/** The IPv4 address inside an IPv4-mapped or NAT64 IPv6 address, if any. */
function embeddedV4(address: string): string | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hex) {
    const a = Number.parseInt(hex[1], 16);
    const b = Number.parseInt(hex[2], 16);
    return `${a >> 8}.${a & 255}.${b >> 8}.${b & 255}`;
  }
  return null;
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const v4 = embeddedV4(address);
    if (v4) return !BLOCKED.check(v4, "ipv4");
    return !BLOCKED.check(address, "ipv6");
  }
  return !BLOCKED.check(address, "ipv4");
}

/** Cloud metadata services: never reachable, whatever the configuration. */
const METADATA = new Set(["169.254.169.254", "169.254.170.2", "100.100.100.200", "fd00:ec2::254"]);

export function isMetadataAddress(address: string): boolean {
  return METADATA.has(embeddedV4(address) ?? address.toLowerCase());
}

/** Throws unless the address may be reached under the current configuration. */
export function assertAllowedAddress(address: string, host: string): void {
  if (isMetadataAddress(address)) throw new UnsafeUrlError(`${host} resolves to ${address}, a cloud metadata address.`);
  if (loadEnv().FETCH_ALLOW_PRIVATE) return;
  if (!isPublicAddress(address)) {
    throw new UnsafeUrlError(`${host} resolves to ${address}, a private, loopback, link-local or reserved address.`);
  }
}

export class UnsafeUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnsafeUrlError";
  }
}
