// Identity cards (TD1, front and back photocopied on one page, PDF417 on the back) and
// passport data pages (TD3), with ICAO 9303 machine-readable zones.
import { photoPng } from "../graphics";
import { ID1, ID3, rect, text, type Element } from "../layout";
import { corruptDigit, td1, td3 } from "../mrz";
import type { Rng } from "../rng";
import { CITIES, COUNTRIES, SURNAMES, addDays, addYears, randomDate, randomPerson } from "../vocabulary";
import { pdf417Png, pickStyle, serial, type BuildOptions, type BuiltDocument, type Style } from "./common";

const MON = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];

function printedDate(iso: string, style: Style): string {
  if (style.dateStyle === "dmy" || style.dateStyle === "iso")
    return `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
  return `${iso.slice(8, 10)} ${MON[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;
}

interface Identity {
  surname: string;
  given: string;
  sex: "M" | "F";
  birth: string;
  number: string;
  country: readonly [string, string];
  issue: string;
  expiry: string;
}

function randomIdentity(rng: Rng, validYears: number): Identity {
  const person = randomPerson(rng, 1955, 2006);
  const issue = randomDate(rng, "2018-01-01", "2026-09-30");
  return {
    surname: person.surname,
    given: person.given,
    sex: person.sex,
    birth: person.birthDate,
    number: serial(rng, 2, 7),
    country: rng.pick(COUNTRIES),
    issue,
    expiry: addDays(addYears(issue, validYears), -1),
  };
}

/** Applies a content tamper: `printed` is what the holder's side shows, `mrz` what the MRZ encodes. */
function tamperIdentity(rng: Rng, truth: Identity, options: BuildOptions) {
  const printed = { ...truth };
  const mrz = { ...truth };
  let tamperedField: string | undefined;
  let breakCheckDigit = false;
  switch (options.tamper) {
    case "expired":
      printed.issue = mrz.issue = randomDate(rng, "2008-01-01", "2014-12-31");
      printed.expiry = mrz.expiry = addDays(addYears(printed.issue, 10), -1);
      tamperedField = "expiry_date";
      break;
    case "date_order":
      printed.issue = addDays(truth.expiry, rng.int(30, 700));
      tamperedField = "issue_date";
      break;
    case "mrz_field_mismatch":
      if (rng.chance(0.5)) {
        printed.surname = rng.pick(SURNAMES.filter((s) => s !== truth.surname));
        tamperedField = "holder_name";
      } else {
        printed.birth = addYears(truth.birth, -rng.int(2, 9));
        tamperedField = "date_of_birth";
      }
      break;
    case "mrz_check_digit":
      // The number was changed on both sides but the check digit could not be recomputed.
      breakCheckDigit = true;
      tamperedField = "document_number";
      break;
    case "code_mismatch":
      printed.surname = mrz.surname = rng.pick(SURNAMES.filter((s) => s !== truth.surname));
      tamperedField = "holder_name";
      break;
    default:
      break;
  }
  return { printed, mrz, tamperedField, breakCheckDigit };
}

function withNewNumber(line: string, oldNumber: string, newNumber: string): string {
  return line.replace(oldNumber, newNumber);
}

function changedNumber(rng: Rng, number: string): string {
  const i = rng.int(2, number.length - 1);
  const digit = (Number(number[i]) + rng.int(1, 8)) % 10;
  return number.slice(0, i) + String(digit) + number.slice(i + 1);
}

function fieldsOf(p: Identity): BuiltDocument["fields"] {
  return {
    holder_name: `${p.given} ${p.surname}`,
    date_of_birth: p.birth,
    issue_date: p.issue,
    expiry_date: p.expiry,
    document_number: p.number,
    nationality: p.country[0],
    issuing_country: p.country[0],
    sex: p.sex,
  };
}

export async function buildIdCard(rng: Rng, options: BuildOptions): Promise<BuiltDocument> {
  const style = pickStyle(rng, false);
  const truth = randomIdentity(rng, 10);
  const { printed, mrz, tamperedField, breakCheckDigit } = tamperIdentity(rng, truth, options);
  let lines = td1({
    issuingCountry: mrz.country[0],
    nationality: mrz.country[0],
    surname: mrz.surname,
    givenNames: mrz.given,
    documentNumber: mrz.number,
    birthDate: mrz.birth,
    sex: mrz.sex,
    expiryDate: mrz.expiry,
  });
  if (breakCheckDigit) {
    const newNumber = changedNumber(rng, truth.number);
    lines = [withNewNumber(lines[0], truth.number, newNumber), lines[1], lines[2]];
    printed.number = newNumber;
  }
  const margin = 20;
  const W = ID1.width + margin * 2;
  const H = ID1.height * 2 + margin * 3;
  const els: Element[] = [];
  const tint = rng.pick(["#eef4fb", "#f3efe6", "#eaf5ee", "#f5eef5"]);
  // Front.
  const fx = margin;
  const fy = margin;
  els.push(rect(fx, fy, ID1.width, ID1.height, { fill: tint, stroke: "#8899aa", lineWidth: 0.6, radius: 8 }));
  els.push(text(fx + 10, fy + 16, printed.country[1].toUpperCase(), 9, style.bold, { color: style.accentColor }));
  els.push(text(fx + 10, fy + 26, "IDENTITY CARD / CARTE D'IDENTITÉ", 6, style.regular, { color: style.muted }));
  els.push({
    kind: "image",
    x: fx + 10,
    y: fy + 34,
    width: 62,
    height: 80,
    png: photoPng(rng, 186, 240),
    tag: "photo",
  });
  const lx = fx + 82;
  let y = fy + 40;
  const row = (label: string, value: string, field: string) => {
    els.push(text(lx, y, label, 5, style.regular, { color: style.muted }));
    els.push(text(lx, y + 8, value, 7.5, style.bold, { color: style.ink, field }));
    y += 17;
  };
  row("Surname / Nom", printed.surname.toUpperCase(), "holder_name");
  row("Given names / Prénoms", printed.given.toUpperCase(), "holder_name");
  els.push(text(lx + 95, fy + 40, "Sex", 5, style.regular, { color: style.muted }));
  els.push(text(lx + 95, fy + 48, printed.sex, 7.5, style.bold, { color: style.ink, field: "sex" }));
  row("Date of birth", printedDate(printed.birth, style), "date_of_birth");
  row("Nationality", printed.country[0], "nationality");
  row("Document No.", printed.number, "document_number");
  els.push(
    text(lx + 80, y - 9, `Expiry ${printedDate(printed.expiry, style)}`, 6.5, style.bold, {
      color: style.ink,
      field: "expiry_date",
    }),
  );
  // Back.
  const bx = margin;
  const by = margin * 2 + ID1.height;
  els.push(rect(bx, by, ID1.width, ID1.height, { fill: tint, stroke: "#8899aa", lineWidth: 0.6, radius: 8 }));
  els.push(
    text(bx + 10, by + 14, `Date of issue  ${printedDate(printed.issue, style)}`, 6.5, style.regular, {
      color: style.ink,
      field: "issue_date",
    }),
  );
  els.push(
    text(bx + 10, by + 24, `Authority  ${rng.pick(CITIES)} Civil Registry`, 6.5, style.regular, { color: style.ink }),
  );
  const codePayload = [
    "@",
    "\u001e\rANSI 636000100002ID00410199ZZ02400018",
    `DCS${truth.surname.toUpperCase()}`,
    `DAC${truth.given.toUpperCase()}`,
    `DBB${truth.birth.replaceAll("-", "")}`,
    `DBA${truth.expiry.replaceAll("-", "")}`,
    `DBD${truth.issue.replaceAll("-", "")}`,
    `DAQ${truth.number}`,
    `DBC${truth.sex === "M" ? "1" : "2"}`,
    `DCG${truth.country[0]}`,
  ].join("\n");
  els.push({
    kind: "image",
    x: bx + 10,
    y: by + 30,
    width: ID1.width - 20,
    height: 52,
    png: await pdf417Png(codePayload),
    tag: "pdf417",
  });
  lines.forEach((l, i) =>
    els.push(text(bx + 12, by + 100 + i * 14, l, 10.4, "mono", { color: "#111111", tag: `mrz_line_${i + 1}` })),
  );
  return {
    layout: { width: W, height: H, background: "#ffffff", pages: [{ elements: els }] },
    fields: fieldsOf(printed),
    codePayload,
    tamperedField,
    dpi: 600,
  };
}

export async function buildPassport(rng: Rng, options: BuildOptions): Promise<BuiltDocument> {
  const style = pickStyle(rng, false);
  const truth = randomIdentity(rng, 10);
  const { printed, mrz, tamperedField, breakCheckDigit } = tamperIdentity(rng, truth, options);
  let lines = td3({
    issuingCountry: mrz.country[0],
    nationality: mrz.country[0],
    surname: mrz.surname,
    givenNames: mrz.given,
    documentNumber: mrz.number,
    birthDate: mrz.birth,
    sex: mrz.sex,
    expiryDate: mrz.expiry,
    optional: rng.chance(0.4) ? serial(rng, 0, 10) : "",
  });
  if (breakCheckDigit) {
    const newNumber = changedNumber(rng, truth.number);
    lines = [lines[0], withNewNumber(lines[1], truth.number, newNumber)];
    printed.number = newNumber;
    if (rng.chance(0.3)) lines = [lines[0], corruptDigit(lines[1], 43)];
  }
  const m = 16;
  const W = ID3.width + m * 2;
  const H = ID3.height + m * 2;
  const els: Element[] = [];
  els.push(
    rect(m, m, ID3.width, ID3.height, {
      fill: rng.pick(["#f2f0e8", "#eef2f6", "#f4eef0"]),
      stroke: "#999999",
      lineWidth: 0.5,
      radius: 6,
    }),
  );
  els.push(
    text(m + 12, m + 18, `${printed.country[1].toUpperCase()}  ·  PASSPORT / PASSEPORT`, 9, style.bold, {
      color: style.accentColor,
    }),
  );
  els.push({ kind: "image", x: m + 12, y: m + 30, width: 80, height: 104, png: photoPng(rng, 240, 312), tag: "photo" });
  const lx = m + 104;
  const rows: Array<[string, string, string, number]> = [
    ["Type / Code / Passport No.", `P   ${printed.country[0]}   ${printed.number}`, "document_number", 0],
    ["Surname / Nom", printed.surname.toUpperCase(), "holder_name", 0],
    ["Given names / Prénoms", printed.given.toUpperCase(), "holder_name", 0],
    ["Nationality", printed.country[1].toUpperCase(), "nationality", 0],
    ["Date of birth", printedDate(printed.birth, style), "date_of_birth", 0],
    ["Sex", printed.sex, "sex", 120],
    ["Place of birth", rng.pick(CITIES).toUpperCase(), "", 0],
    ["Date of issue", printedDate(printed.issue, style), "issue_date", 0],
    ["Date of expiry", printedDate(printed.expiry, style), "expiry_date", 120],
  ];
  let y = m + 34;
  for (const [label, value, field, dx] of rows) {
    if (dx > 0) y -= 17;
    els.push(text(lx + dx, y, label, 5.5, style.regular, { color: style.muted }));
    els.push(text(lx + dx, y + 8.5, value, 8, style.bold, { color: style.ink, ...(field ? { field } : {}) }));
    y += 17;
  }
  lines.forEach((l, i) =>
    els.push(
      text(m + 10, m + ID3.height - 30 + i * 16, l, 12.2, "mono", { color: "#111111", tag: `mrz_line_${i + 1}` }),
    ),
  );
  return {
    layout: { width: W, height: H, background: "#ffffff", pages: [{ elements: els }] },
    fields: fieldsOf(printed),
    tamperedField,
    dpi: 500,
  };
}
