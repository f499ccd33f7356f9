// Machine-readable zones per ICAO 9303 (part 4: TD3 passports, part 5: TD1 cards), with every
// check digit computed, so genuine documents carry valid MRZs and tampers can break one digit.

export function mrzCharValue(ch: string): number {
  if (ch === "<") return 0;
  if (ch >= "0" && ch <= "9") return ch.charCodeAt(0) - 48;
  if (ch >= "A" && ch <= "Z") return ch.charCodeAt(0) - 55;
  throw new Error(`invalid MRZ character ${JSON.stringify(ch)}`);
}

export function checkDigit(field: string): string {
  const weights = [7, 3, 1];
  let sum = 0;
  for (let i = 0; i < field.length; i++) sum += mrzCharValue(field[i] as string) * (weights[i % 3] as number);
  return String(sum % 10);
}

/** Upper-case, transliterate Latin-1 accents, and replace anything else with '<'. */
export function mrzText(value: string): string {
  return value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "<");
}

function pad(value: string, length: number): string {
  return value.length >= length ? value.slice(0, length) : value + "<".repeat(length - value.length);
}

/** YYYY-MM-DD to the MRZ's YYMMDD. */
export function mrzDate(iso: string): string {
  return iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10);
}

export interface MrzInput {
  issuingCountry: string;
  nationality: string;
  surname: string;
  givenNames: string;
  documentNumber: string;
  birthDate: string;
  sex: "M" | "F" | "<";
  expiryDate: string;
  optional?: string;
}

function nameField(surname: string, given: string, length: number): string {
  return pad(`${mrzText(surname)}<<${mrzText(given)}`, length);
}

export function td3(input: MrzInput): [string, string] {
  const line1 = pad(`P<${input.issuingCountry}${nameField(input.surname, input.givenNames, 39)}`, 44);
  const doc = pad(mrzText(input.documentNumber), 9);
  const dob = mrzDate(input.birthDate);
  const exp = mrzDate(input.expiryDate);
  const opt = pad(mrzText(input.optional ?? ""), 14);
  const optCd = (input.optional ?? "") === "" ? "<" : checkDigit(opt);
  const docPart = doc + checkDigit(doc);
  const dobPart = dob + checkDigit(dob);
  const expPart = exp + checkDigit(exp);
  const composite = checkDigit(docPart + dobPart + expPart + opt + optCd);
  const line2 = `${docPart}${input.nationality}${dobPart}${input.sex}${expPart}${opt}${optCd}${composite}`;
  return [line1, line2];
}

export function td1(input: MrzInput): [string, string, string] {
  const doc = pad(mrzText(input.documentNumber), 9);
  const opt1 = pad(mrzText(input.optional ?? ""), 15);
  const line1 = `I<${input.issuingCountry}${doc}${checkDigit(doc)}${opt1}`;
  const dob = mrzDate(input.birthDate);
  const exp = mrzDate(input.expiryDate);
  const opt2 = pad("", 11);
  const head = `${dob}${checkDigit(dob)}${input.sex}${exp}${checkDigit(exp)}${input.nationality}${opt2}`;
  const composite = checkDigit(line1.slice(5, 30) + head.slice(0, 7) + head.slice(8, 15) + head.slice(18, 29));
  const line2 = head + composite;
  const line3 = nameField(input.surname, input.givenNames, 30);
  return [line1, line2, line3];
}

/** Replaces one check digit of a MRZ line with a different digit (what a careless edit leaves). */
export function corruptDigit(line: string, index: number): string {
  const current = Number(line[index]);
  const wrong = Number.isNaN(current) ? 1 : (current + 3) % 10;
  return line.slice(0, index) + String(wrong) + line.slice(index + 1);
}
