// Stored files (originals, page images, avatars, CVs), encrypted at rest with AES-256-GCM.
// Layout on disk: <data dir>/uploads/<key>, each file = 12-byte IV, 16-byte tag, ciphertext.
import { createCipheriv, createDecipheriv } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { encryptionKey } from "../auth/secrets";
import { loadEnv } from "../env";
import { randomBytesPooled } from "../random-bytes";

const KEY_PATTERN = /^[a-z0-9_]+(\/[a-z0-9_.-]+)*$/;

function fileFor(key: string): string {
  if (!KEY_PATTERN.test(key) || key.includes("..")) throw new Error(`invalid storage key: ${key}`);
  return path.resolve(loadEnv().CREDENCE_DATA_DIR, "uploads", key);
}

export function encrypt(plain: Uint8Array): Buffer {
  const iv = randomBytesPooled(12);
  const cipher = createCipheriv("aes-256-gcm", encryptionKey(), iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

export function decrypt(sealed: Uint8Array): Buffer {
  const buf = Buffer.from(sealed);
  const decipher = createDecipheriv("aes-256-gcm", encryptionKey(), buf.subarray(0, 12));
  decipher.setAuthTag(buf.subarray(12, 28));
  return Buffer.concat([decipher.update(buf.subarray(28)), decipher.final()]);
}

export async function putObject(key: string, bytes: Uint8Array): Promise<void> {
  const file = fileFor(key);
  const sealed = encrypt(bytes);
  try {
    await writeFile(file, sealed, { mode: 0o600 });
  } catch (error) {
    // Directories are made on the first write into them, not checked on every write.
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, sealed, { mode: 0o600 });
  }
}

export async function getObject(key: string): Promise<Buffer> {
  return decrypt(await readFile(fileFor(key)));
}

export async function deleteObject(key: string): Promise<void> {
  await rm(fileFor(key), { force: true });
}
