// "Another user's resource" must be indistinguishable from "no such resource": the same status,
// code and message. This builds the twin of a fixture that addresses an id nobody has.
import { randomInt } from "node:crypto";
import type { Answer } from "./send";
import type { Fixture } from "./types";

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

/** An id of the same prefix and length that does not exist. */
export function unknownIdLike(id: string): string {
  const cut = id.indexOf("_") + 1;
  return (
    id.slice(0, cut) + Array.from({ length: id.length - cut }, () => ALPHABET[randomInt(ALPHABET.length)]).join("")
  );
}

const swap = <T>(value: T, from: string, to: string): T =>
  value === undefined ? value : (JSON.parse(JSON.stringify(value).replaceAll(from, to)) as T);

export function withUnknownId(fixture: Fixture, id: string, unknown: string): Fixture {
  return {
    ...fixture,
    path: fixture.path.replaceAll(id, unknown),
    params: swap(fixture.params, id, unknown),
    body:
      typeof fixture.body === "object" && !(fixture.body instanceof FormData)
        ? swap(fixture.body, id, unknown)
        : fixture.body,
  };
}

/** What a caller can observe of a refusal, with the unknown id put back so messages compare. */
export function observable(answer: Answer, unknown?: string, id?: string) {
  const text = unknown && id ? answer.text.replaceAll(unknown, id) : answer.text;
  const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  // Request ids differ per request by design.
  const strip = (o: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(o).filter(([k]) => k !== "request_id"));
  const error = body.error as Record<string, unknown> | undefined;
  return { status: answer.status, body: error ? { error: strip(error) } : strip(body) };
}
