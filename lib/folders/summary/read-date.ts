// A date as the engine read it (YYYY-MM-DD) or as a person typed it ("3 March 1998", "03.03.1998"),
// as one calendar day, so two documents that print the same day differently agree.
import { parseDate } from "../../forensics/pipeline/field-values";

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export function readDate(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const text = value.trim();
  if (ISO_DAY.test(text)) return text;
  return parseDate(text);
}
