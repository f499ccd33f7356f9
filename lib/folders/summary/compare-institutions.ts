// Whether two documents name the same institution: case, accents, punctuation and filler words
// ("the", "of") aside. One name inside the other ("Uppsala University" and "Uppsala University,
// Faculty of Law") is compatible; different names conflict.
import type { NameMatch } from "./compare-names";
import { transliterate } from "./transliterate";

const FILLER = new Set([
  "the",
  "of",
  "de",
  "du",
  "des",
  "la",
  "le",
  "der",
  "die",
  "das",
  "von",
  "and",
  "et",
  "und",
  "y",
]);

export function compareInstitutions(a: string, b: string): NameMatch {
  const wa = words(a);
  const wb = words(b);
  if (wa.size === 0 || wb.size === 0) return { kind: "different" };
  if (wa.size === wb.size && [...wa].every((w) => wb.has(w))) return { kind: "same" };
  const [small, large] = wa.size <= wb.size ? [wa, wb] : [wb, wa];
  if (small.size >= 2 && [...small].every((w) => large.has(w))) {
    return { kind: "variant", reason: "one document gives a longer form of the name" };
  }
  return { kind: "different" };
}

function words(name: string): Set<string> {
  const plain = transliterate(name)
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "");
  return new Set(plain.split(/[^\p{L}\p{N}]+/u).filter((w) => w && !FILLER.has(w)));
}
