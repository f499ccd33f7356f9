// Prefixed, time-sortable, unguessable ids: prefix + 10 base32 characters of milliseconds
// + 26 of 128 random bits. Sorting ids sorts by creation time, which cursor pagination relies on.
// (The webhook deliveries of one event share one such id and number themselves in its last two
// characters: lib/db/statements/insert-events.ts.)
import { randomBytesPooled } from "./random-bytes";

const PREFIXES = {
  user: "usr",
  token: "tok",
  verification: "ver",
  request: "req",
  event: "evt",
  webhookEndpoint: "we",
  delivery: "whd",
  attempt: "wha",
  batch: "bat",
  batchItem: "bti",
  file: "fil",
  ledger: "led",
  usage: "use",
  idempotency: "idm",
  magicLink: "mgl",
  coupon: "cpn",
  redemption: "rdm",
  referral: "ref",
  review: "rev",
  feedback: "cfb",
  calibration: "cal",
  folder: "fld",
  profile: "hpr",
  credential: "crd",
  badge: "bdg",
  lifeEvent: "lev",
  cv: "cv",
  socialLink: "scl",
  achievement: "ach",
  issuerRequest: "iar",
  institution: "ins",
  packTransaction: "cpt",
  cache: "cch",
} as const;

export type IdKind = keyof typeof PREFIXES;

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"; // Crockford base32, lower case

function encodeTime(ms: number): string {
  let out = "";
  for (let i = 0; i < 10; i++) {
    out = ALPHABET[ms % 32] + out;
    ms = Math.floor(ms / 32);
  }
  return out;
}

function encodeRandom(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function newId(kind: IdKind): string {
  return `${PREFIXES[kind]}_${encodeTime(Date.now())}${encodeRandom(randomBytesPooled(16))}`;
}

export function hasPrefix(id: string, kind: IdKind): boolean {
  return id.startsWith(`${PREFIXES[kind]}_`);
}

/** The id of kind `kind` that shares `id`'s time and random part: one id derived from another, e.g. a
 *  resource from the idempotency record that reserved it. */
export function sameIdAs(id: string, kind: IdKind): string {
  return `${PREFIXES[kind]}_${id.slice(id.indexOf("_") + 1)}`;
}
