// ORCID iDs: 16 characters in four groups, the last one a check character computed with
// ISO 7064 MOD 11-2 over the first fifteen digits (https://support.orcid.org/hc/en-us/articles/360006897674).
const ORCID_ID = /^(\d{4})-?(\d{4})-?(\d{4})-?(\d{3}[\dX])$/i;

export function orcidCheckCharacter(baseDigits: string): string {
  let total = 0;
  for (const digit of baseDigits) total = (total + Number(digit)) * 2;
  const result = (12 - (total % 11)) % 11;
  return result === 10 ? "X" : String(result);
}

/** The iD in its canonical form (0000-0002-1825-0097), or null when it is malformed or its check character is wrong. */
export function normalizeOrcidId(value: string): string | null {
  const match = ORCID_ID.exec(value.trim());
  if (!match) return null;
  const id = `${match[1]}-${match[2]}-${match[3]}-${match[4].toUpperCase()}`;
  const digits = id.replace(/-/g, "");
  return orcidCheckCharacter(digits.slice(0, 15)) === digits[15] ? id : null;
}
