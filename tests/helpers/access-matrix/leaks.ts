// What must never reach a caller who does not own the data: the owner's id and e-mail, the
// fixture's secrets, and on public share routes the owner and the storage location.
import { expect } from "vitest";
import { pdfText } from "../pdf-text";
import type { Answer } from "./send";

const EMAIL = /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/i;
const PRIVATE_KEYS = new Set([
  "user_id",
  "userId",
  "document_image_path",
  "documentImagePath",
  "email",
  "storage_key",
  "storageKey",
]);

export function expectNoSecrets(answer: Answer, secrets: readonly string[], label: string): void {
  for (const secret of secrets) {
    expect(answer.bytes.includes(Buffer.from(secret)), `${label} leaks "${secret}"`).toBe(false);
  }
}

function privateKeysIn(value: unknown, at = "$"): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => privateKeysIn(v, `${at}[${i}]`));
  if (!value || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, v]) => [
    ...(PRIVATE_KEYS.has(key) ? [`${at}.${key}`] : []),
    ...privateKeysIn(v, `${at}.${key}`),
  ]);
}

/** A public share answer: no owner, no storage path, no e-mail address anywhere. */
export async function expectPublicProjection(
  answer: Answer,
  kind: "json" | "pdf" | "binary",
  label: string,
): Promise<void> {
  expect(answer.bytes.includes(Buffer.from("originals/")), `${label} reveals a storage path`).toBe(false);
  if (kind === "json") {
    expect(privateKeysIn(answer.json), `${label} carries private fields`).toEqual([]);
    expect(EMAIL.exec(answer.text)?.[0], `${label} carries an e-mail address`).toBeUndefined();
  } else if (kind === "pdf") {
    expect(
      EMAIL.exec(await pdfText(new Uint8Array(answer.bytes)))?.[0],
      `${label} prints an e-mail address`,
    ).toBeUndefined();
  }
}
