// ICAO 9303 part 3 §4.9: the 7-3-1 weighted check digit over digits, letters (A=10 … Z=35) and
// the filler '<' (0).

const WEIGHTS = [7, 3, 1] as const;

function charValue(ch: string): number | null {
  if (ch === "<") return 0;
  const code = ch.charCodeAt(0);
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 90) return code - 55;
  return null;
}

/** The check digit of `data`, or null when it holds a character outside the MRZ alphabet. */
export function checkDigit(data: string): number | null {
  let sum = 0;
  for (let i = 0; i < data.length; i++) {
    const value = charValue(data[i] as string);
    if (value === null) return null;
    sum += value * (WEIGHTS[i % 3] as number);
  }
  return sum % 10;
}

/**
 * Whether `digit` is the right check digit of `data`. A field left entirely empty (all fillers)
 * may carry '<' instead of 0 (9303 part 4 §4.2.2, personal number).
 */
export function isValidCheckDigit(data: string, digit: string): boolean {
  if (digit === "<") return /^<*$/.test(data);
  const expected = checkDigit(data);
  return expected !== null && String(expected) === digit;
}
