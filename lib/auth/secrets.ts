// Signing and encryption keys. In production they come from AUTH_SECRET and
// CREDENCE_ENCRYPTION_KEY (lib/env.ts refuses to start without them); on a laptop they are made
// once and kept in the data directory so `npm run dev` needs no configuration.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { loadEnv } from "../env";

interface LocalSecrets {
  authSecret: string;
  encryptionKey: string;
}

let local: LocalSecrets | undefined;

function localSecrets(): LocalSecrets {
  if (local) return local;
  const file = path.resolve(loadEnv().CREDENCE_DATA_DIR, "secrets.json");
  try {
    local = JSON.parse(readFileSync(file, "utf8")) as LocalSecrets;
  } catch {
    local = { authSecret: randomBytes(32).toString("hex"), encryptionKey: randomBytes(32).toString("hex") };
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(local, null, 2), { mode: 0o600, flag: "wx" });
  }
  return local;
}

export function authSecret(): string {
  return loadEnv().AUTH_SECRET ?? localSecrets().authSecret;
}

/** 32-byte key for AES-256-GCM (stored files, webhook signing secrets). */
export function encryptionKey(): Buffer {
  return Buffer.from(loadEnv().CREDENCE_ENCRYPTION_KEY ?? localSecrets().encryptionKey, "hex");
}
