// AAMVA DL/ID card design standard: the PDF417 on the back of North American driving licences
// and identity cards. Elements are three-letter ids followed by their value, one per line.

export interface AamvaData {
  elements: Record<string, string>;
  familyName: string | null;
  givenNames: string[];
  /** ISO dates. */
  dateOfBirth: string | null;
  expiryDate: string | null;
  issueDate: string | null;
  documentNumber: string | null;
  sex: "M" | "F" | null;
}

export function isAamva(text: string): boolean {
  return /ANSI \d{6}|AAMVA\d{6}/.test(text) && /\bD(AQ|CS|BB|AA)/.test(text);
}

/** MMDDCCYY (United States) or CCYYMMDD (Canada) to ISO. */
export function aamvaDate(value: string): string | null {
  const v = value.trim();
  if (!/^\d{8}$/.test(v)) return null;
  const valid = (y: string, m: string, d: string) => {
    const date = new Date(`${y}-${m}-${d}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.getUTCDate() === Number(d) ? `${y}-${m}-${d}` : null;
  };
  if (/^(19|20)\d{2}/.test(v)) {
    const canadian = valid(v.slice(0, 4), v.slice(4, 6), v.slice(6, 8));
    if (canadian) return canadian;
  }
  return valid(v.slice(4, 8), v.slice(0, 2), v.slice(2, 4));
}

export function parseAamva(text: string): AamvaData {
  const elements: Record<string, string> = {};
  for (const segment of text.split(/[\n\r\x1e]+/)) {
    // The first element of a subfile follows its header on the same line ("…DLDAQT6423…").
    const match = /(?:^|(?:DL|ID))(D[A-Z]{2})(.*)$/.exec(segment.trim());
    if (!match) continue;
    const id = match[1] as string;
    if (!(id in elements)) elements[id] = (match[2] as string).trim();
  }
  let familyName: string | null = elements.DCS ?? null;
  let givenNames = [elements.DAC, elements.DAD].filter((v): v is string => Boolean(v && v !== "NONE"));
  if (elements.DCT && givenNames.length === 0) givenNames = elements.DCT.split(/[\s,]+/).filter(Boolean);
  if (!familyName && elements.DAA) {
    // Version 1: "FAMILY,GIVEN,MIDDLE".
    const [family, ...given] = elements.DAA.split(/[,$]/);
    familyName = family?.trim() || null;
    givenNames = given.map((g) => g.trim()).filter(Boolean);
  }
  const sex =
    elements.DBC === "1" || elements.DBC === "M" ? "M" : elements.DBC === "2" || elements.DBC === "F" ? "F" : null;
  return {
    elements,
    familyName,
    givenNames,
    dateOfBirth: elements.DBB ? aamvaDate(elements.DBB) : null,
    expiryDate: elements.DBA ? aamvaDate(elements.DBA) : null,
    issueDate: elements.DBD ? aamvaDate(elements.DBD) : null,
    documentNumber: elements.DAQ ?? null,
    sex,
  };
}
