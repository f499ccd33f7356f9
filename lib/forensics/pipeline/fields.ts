// Key fields per document type, read from the printed text (never from the MRZ or a barcode:
// the checks compare those against what is printed). Names are the shared vocabulary of
// forensics-common.md; dates are YYYY-MM-DD, amounts numbers.
import type { DocType, FieldValue } from "../types";
import { parseAmount, parseAmounts, parseDate, parseDates, parseMonth } from "./field-values";
import { labelled as labelledIn } from "./field-labels";
import { AFTER_NAME, isLetterClosing, namingPhraseIn } from "./holder-vocabulary";
import type { Row } from "./reading-order";

type Fields = Record<string, FieldValue>;
const L = (...words: string[]) => words.map((w) => new RegExp(`\\b${w}\\b`, "i"));
/**
 * Captions in the other languages identity documents print beside English, bounded by any
 * letter or digit (so an accented last letter, "nationalité", still ends a word).
 */
const W = (...words: string[]) => words.map((w) => new RegExp(`(?<![\\p{L}\\p{N}])${w}(?![\\p{L}\\p{N}])`, "iu"));
const PLANNED = /(?<!\b(?:expected|anticipated|projected|estimated|planned|intended)\s+)/;

const LABELS = {
  name: L("full name", "name of (?:student|holder|candidate)", "student name", "holder(?:'s)? name", "name"),
  surname: [
    ...L("surname", "last name", "family name", "nom"),
    ...W("apellidos?", "nachname", "familienname", "cognome", "achternaam", "nazwisko", "prezime", "apelidos?"),
  ],
  given: [
    ...L("given names?", "first names?", "forenames?"),
    ...W("prénoms?", "vornamen?", "nombres?", "nome", "nomi", "voornamen", "imiona", "imię", "ime", "nomes? próprios?"),
  ],
  dob: [
    ...L("date of birth", "birth date", "d\\.?o\\.?b\\.?", "born(?: on)?"),
    ...W(
      "date de naissance",
      "née? le",
      "né\\(e\\) le",
      "geburtsdatum",
      "geburtstag",
      "fecha de nacimiento",
      "data di nascita",
      "data de nascimento",
      "geboortedatum",
      "data urodzenia",
      "datum rođenja",
    ),
  ],
  issue: [
    ...L("date of issue", "issue date", "issued on", "issued", "date issued", "date of award"),
    ...W(
      "date de délivrance",
      "délivrée? le",
      "ausstellungsdatum",
      "ausgestellt am",
      "fecha de expedición",
      "fecha de emisión",
      "data di rilascio",
      "data de emissão",
      "datum van afgifte",
      "data wydania",
      "datum izdavanja",
    ),
  ],
  expiry: L(
    "date of expiry",
    "expiry date",
    "expiry",
    "expires(?: on)?",
    "valid until",
    "valid thru",
    "date d'expiration",
  ).concat(
    W(
      "valable jusqu'au",
      "gültig bis",
      "ablaufdatum",
      "fecha de caducidad",
      "fecha de validez",
      "data di scadenza",
      "scadenza",
      "válido até",
      "data de validade",
      "geldig tot",
      "vervaldatum",
      "data ważności",
      "vrijedi do",
    ),
  ),
  // A graduation still to come ("Expected graduation date") is a plan, not the award.
  graduation: L(
    "date of graduation",
    "graduation date",
    "graduated on",
    "conferred on",
    "awarded on",
    "date conferred",
  ).map((re) => new RegExp(`${PLANNED.source}${re.source}`, re.flags)),
  docNumber: L(
    "passport (?:no|number)\\.?",
    "document (?:no|number)\\.?",
    "card (?:no|number)\\.?",
    "certificate (?:no|number|id)\\.?",
    "licen[cs]e (?:no|number)\\.?",
    "serial (?:no|number)\\.?",
    "registration (?:no|number)\\.?",
    "id (?:no|number)\\.?",
    "reference (?:no|number)\\.?",
    "credential id",
    // "No. YH5704208" beside a card's title: the dot, then a space, is no word boundary.
    "no(?=\\.\\s*[A-Z0-9])",
  ).concat(
    W(
      "pass-?nr\\.?",
      "passnummer",
      "n[°º] du (?:passeport|document)",
      "numéro du document",
      "núm(?:ero)?\\.? (?:de )?(?:pasaporte|documento|soporte)",
      "numero (?:di |del )?(?:passaporto|documento)",
      "documentnummer",
      "paspoortnummer",
      "número do documento",
      "numer dokumentu",
      "broj (?:putovnice|isprave)",
    ),
  ),
  nationality: [
    ...L("nationality", "citizenship"),
    ...W(
      "nationalité",
      "staatsangehörigkeit",
      "nacionalidad",
      "cittadinanza",
      "nazionalità",
      "nacionalidade",
      "nationaliteit",
      "obywatelstwo",
      "državljanstvo",
    ),
  ],
  sex: [...L("sex", "gender", "sexe"), ...W("geschlecht", "sexo", "sesso", "geslacht", "płeć", "spol")],
  issuingCountry: L("issuing (?:country|state)", "country of issue", "issuing country code", "code of issuing state"),
  grade: L("classification", "grade", "final grade", "cumulative gpa", "cgpa", "gpa", "result"),
  employer: L("employer", "company(?: name)?", "employer name"),
  employee: L("employee(?: name)?", "name of employee"),
  payPeriod: L("pay period", "period", "pay date", "payment date"),
  gross: L("gross pay", "gross earnings", "total gross", "gross salary", "total earnings", "gross"),
  net: L("net pay", "net salary", "take home pay", "net amount", "amount paid", "net"),
  deductions: L("total deductions", "deductions total"),
  account: L("account (?:number|no)\\.?", "iban", "account"),
  opening: L("opening balance", "balance brought forward", "previous balance", "starting balance", "beginning balance"),
  closing: L("closing balance", "balance carried forward", "new balance", "ending balance", "closing"),
  statementPeriod: L("statement period", "period", "statement date"),
  customer: L(
    "account (?:number|no)\\.?",
    "customer (?:number|no|reference)\\.?",
    "num[ée]ro (?:de )?client",
    "kundennummer",
    "n[úu]mero de cliente",
    "codice cliente",
    "klantnummer",
    "numer klienta",
    "broj kupca",
  ),
  serviceAddress: L(
    "supply address",
    "service address",
    "property address",
    "address of supply",
    "adresse de (?:livraison|consommation)",
    "lieferadresse",
    "verbrauchsstelle",
    "direcci[óo]n de suministro",
    "indirizzo di fornitura",
    "leveringsadres",
    "adres punktu poboru",
    "adresa (?:mjernog|mernog) mjesta",
  ),
  billingPeriod: L(
    "billing period",
    "bill period",
    "period",
    "p[ée]riode de facturation",
    "abrechnungszeitraum",
    "periodo de facturaci[óo]n",
    "periodo di fatturazione",
    "obra[čc]unski period",
  ),
  amountDue: L(
    "total amount due",
    "amount due",
    "total due",
    "amount to pay",
    "montant [àa] payer",
    "zu zahlender betrag",
    "rechnungsbetrag",
    "importe a pagar",
    "totale da pagare",
    "te betalen",
    "do zap[łl]aty",
    "za platiti",
    "iznos za pla[ćc]anje",
  ),
  jobTitle: L("job title", "position", "designation", "poste", "stelle", "puesto", "stanowisko", "radno mjesto"),
  startDate: L(
    "start date",
    "date of hire",
    "hire date",
    "employed since",
    "date of joining",
    "date d'embauche",
    "eintrittsdatum",
    "fecha de alta",
  ),
};

/**
 * Captions of identity pages and forms that name no field we read: known as captions, so the
 * value under one of them is never taken for a neighbouring label's value.
 */
const OTHER_CAPTIONS = L(
  "place of birth",
  "lieu de naissance",
  "geburtsort",
  "lugar de nacimiento",
  "luogo di nascita",
  "authority",
  "autorit[ée]",
  "beh[öo]rde",
  "place of issue",
  "height",
  "taille",
  "signature",
);

const ALL_LABELS = [...Object.values(LABELS).flat(), ...OTHER_CAPTIONS];

export function extractFields(docType: DocType, rows: Row[]): Fields {
  const lines = rows.map((r) => r.text);
  const labelled = (labels: RegExp[], opts: { below?: boolean } = {}) =>
    labelledIn(rows, labels, { ...opts, allLabels: ALL_LABELS });
  const fields: Fields = {};
  const set = (k: string, v: FieldValue | undefined) => {
    if (v !== null && v !== undefined && v !== "") fields[k] = v;
  };
  const date = (labels: RegExp[]) => {
    const v = labelled(labels);
    return v ? parseDate(v) : null;
  };
  const amount = (labels: RegExp[]) => {
    const v = labelled(labels, { below: false });
    return v ? parseAmount(v) : null;
  };

  set("holder_name", holderName(lines, docType, labelled));
  set("date_of_birth", date(LABELS.dob));
  set("issue_date", date(LABELS.issue));
  set("expiry_date", date(LABELS.expiry));
  set("document_number", documentNumber(labelled(LABELS.docNumber)));

  switch (docType) {
    case "diploma":
    case "transcript":
    case "certificate":
      set("institution", institution(lines));
      set("degree", degree(lines));
      set("grade", grade(lines, labelled(LABELS.grade, { below: false })));
      set("graduation_date", date(LABELS.graduation) ?? awardDate(lines));
      break;
    case "passport":
    case "id_card":
      set("nationality", word(labelled(LABELS.nationality)));
      set("sex", sex(labelled(LABELS.sex)));
      set("issuing_country", word(labelled(LABELS.issuingCountry)));
      break;
    case "payslip":
      set("employer", labelled(LABELS.employer));
      set("employee", person(labelled(LABELS.employee)));
      set("pay_period", period(labelled(LABELS.payPeriod)));
      set("gross_pay", amount(LABELS.gross));
      set("net_pay", amount(LABELS.net));
      set("total_deductions", amount(LABELS.deductions));
      break;
    case "utility_bill":
      set("account_number", accountNumber(labelled(LABELS.customer)));
      set("service_address", address(labelled(LABELS.serviceAddress)));
      set("billing_period", period(labelled(LABELS.billingPeriod)) ?? statementRange(lines));
      set("amount_due", amount(LABELS.amountDue) ?? lastAmountOf(lines, LABELS.amountDue));
      break;
    case "employment_letter":
      set("employer", labelled(LABELS.employer));
      set("employee", person(labelled(LABELS.employee)));
      set("job_title", labelled(LABELS.jobTitle, { below: false }));
      set("start_date", date(LABELS.startDate) ?? employedSince(lines));
      break;
    case "bank_statement":
      set("account_number", accountNumber(labelled(LABELS.account)));
      set("opening_balance", amount(LABELS.opening));
      set("closing_balance", amount(LABELS.closing));
      set("statement_period", period(labelled(LABELS.statementPeriod)) ?? statementRange(lines));
      break;
  }
  if (!fields.holder_name && typeof fields.employee === "string") fields.holder_name = fields.employee;
  return fields;
}

type Labelled = (labels: RegExp[], opts?: { below?: boolean }) => string | null;

function holderName(lines: string[], docType: DocType, labelled: Labelled): string | null {
  if (docType === "passport" || docType === "id_card") {
    const surname = word(labelled(LABELS.surname), true);
    const given = word(labelled(LABELS.given), true);
    if (surname || given) return [given, surname].filter(Boolean).join(" ");
  }
  for (let i = 0; i < lines.length; i++) {
    const phrase = namingPhraseIn(lines[i]);
    if (!phrase) continue;
    const rest = lines[i].slice(phrase.end).replace(AFTER_NAME, "").trim();
    const candidate = rest || (lines[i + 1] ?? "").replace(AFTER_NAME, "").trim();
    if (looksLikeName(candidate)) return tidyName(candidate);
  }
  const v = labelled(LABELS.name);
  if (v && looksLikeName(v)) return tidyName(v);
  return null;
}

/** Capitalised words, as a name is printed; a letter's closing ("Sincerely,", "Yours Faithfully") stands alike and is none. */
function looksLikeName(s: string): boolean {
  const words = s.split(/\s+/).filter(Boolean);
  return (
    words.length >= 1 &&
    words.length <= 6 &&
    words.every((w) => /^[\p{Lu}][\p{L}'’.\-]*$/u.test(w)) &&
    s.length <= 60 &&
    !isLetterClosing(s)
  );
}

/** A caption's value that may name a person; a letter's closing read under a caption in the text above is none. */
function person(v: string | null): string | null {
  return v && !isLetterClosing(v) ? v : null;
}

function tidyName(s: string): string {
  return s
    .replace(/[,.;:]+$/, "")
    .replace(/\s+/g, " ")
    .trim();
}

const INSTITUTION =
  /\b(university|université|universidad|college|institute|polytechnic|academy|school|conservatoire|faculty)\b/i;

function institution(lines: string[]): string | null {
  const line = lines.find((l) => INSTITUTION.test(l) && l.length <= 80 && !/\b(certify|awarded|degree of)\b/i.test(l));
  return line
    ? (line
        .split(/\s{2,}/)
        .find((p) => INSTITUTION.test(p))
        ?.trim() ?? null)
    : null;
}

const DEGREE =
  /\b((?:Bachelor|Master|Doctor|Associate)(?:'s)? (?:of|in) [\p{L} ,&()-]+?|(?:B\.?\s?(?:Sc|A|Eng|Com)|M\.?\s?(?:Sc|A|BA|Eng)|Ph\.?\s?D)\.?(?: (?:in|of) [\p{L} &-]+)?|Diploma in [\p{L} ,&-]+|Certificate (?:in|of) [\p{L} ,&-]+)(?=\s*(?:$|with\b|,|\.|  |awarded|on\b))/imu;

function degree(lines: string[]): string | null {
  for (const l of lines) {
    const m = l.match(DEGREE);
    if (m) return m[1].trim();
  }
  return null;
}

const GRADE_PHRASE =
  /\b(first class(?: honours)?|upper second class(?: honours)?|lower second class(?: honours)?|second class(?: honours)?|third class(?: honours)?|summa cum laude|magna cum laude|cum laude|with (?:high |highest )?(?:distinction|merit|honou?rs)|pass with distinction)\b/i;

function grade(lines: string[], v: string | null): string | null {
  for (const l of lines) {
    const m = l.match(GRADE_PHRASE);
    if (m) return m[1].trim();
  }
  if (!v) return null;
  const gpa = v.match(/\b\d(?:\.\d{1,2})?(?:\s*\/\s*\d(?:\.\d)?)?\b|^[A-F][+-]?\b/);
  return gpa ? gpa[0] : v.length <= 30 ? v : null;
}

/** "…on 12 June 2023", "Given this 12th day of June 2023": the date near the award wording, else the last date. */
function awardDate(lines: string[]): string | null {
  for (const l of lines) {
    if (/\b(conferred|awarded|given|granted|dated|on this|day of)\b/i.test(l)) {
      const d = parseDate(l);
      if (d) return d;
    }
  }
  return null;
}

function documentNumber(v: string | null): string | null {
  if (!v) return null;
  const m = v.match(/[A-Z0-9][A-Z0-9\-/]{3,24}/i);
  return m && /\d/.test(m[0]) ? m[0].toUpperCase() : null;
}

function accountNumber(v: string | null): string | null {
  if (!v) return null;
  const m = v.match(/[A-Z]{2}\d{2}[A-Z0-9 ]{10,30}|[\d*Xx][\d\s\-*Xx]{5,20}\d/);
  return m ? m[0].replace(/\s+/g, " ").trim() : null;
}

/** A bill prints its total at the far right of the line its label starts: the line's last amount. */
function lastAmountOf(lines: string[], labels: RegExp[]): number | null {
  const line = lines.find((l) => labels.some((re) => re.test(l)));
  return line ? (parseAmounts(line).at(-1) ?? null) : null;
}

/** An address runs to the end of its line ("12 High Street, Leeds LS1 4AB"), never a lone word. */
function address(v: string | null): string | null {
  return v && /\d/.test(v) && /\p{L}{3}/u.test(v) ? v.replace(/\s+/g, " ").trim() : null;
}

/** "…has been employed by Acme Ltd since 1 March 2019." */
function employedSince(lines: string[]): string | null {
  for (const l of lines) {
    const m = /\b(?:employed|working|worked)\b.*?\bsince\b(.*)$/i.exec(l);
    const d = m ? parseDate(m[1] as string) : null;
    if (d) return d;
  }
  return null;
}

function period(v: string | null): string | null {
  if (!v) return null;
  const dates = parseDates(v);
  if (dates.length >= 2) return `${dates[0]}/${dates[1]}`;
  return parseMonth(v) ?? dates[0] ?? null;
}

function statementRange(lines: string[]): string | null {
  for (const l of lines) {
    if (!/\b(from|period|between)\b/i.test(l)) continue;
    const d = parseDates(l);
    if (d.length >= 2) return `${d[0]}/${d[1]}`;
  }
  return null;
}

function word(v: string | null, keepSpaces = false): string | null {
  if (!v) return null;
  const cleaned = v
    .replace(/[^\p{L}\s'\-]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (!cleaned) return null;
  return keepSpaces ? cleaned : cleaned.split(" ").slice(0, 3).join(" ");
}

function sex(v: string | null): string | null {
  if (!v) return null;
  const m = v.trim().match(/^(M|F|X|male|female)\b/i);
  if (!m) return null;
  return m[1][0].toUpperCase();
}
