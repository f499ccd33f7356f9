import { lighten, sealPng } from "../graphics";
import { A4, A4_LANDSCAPE, line, rect, text, type Element, type FontKey, type TextElement } from "../layout";
import { DEGREES, HONOURS, UNIVERSITIES, addYears, formatDate, randomDate, randomPerson } from "../vocabulary";
import { centered, domainOf, pickStyle, qrPayload, qrPng, serial, wantsCode, type DocumentBuilder } from "./common";

export const buildDiploma: DocumentBuilder = async (rng, options) => {
  const style = pickStyle(rng, true);
  const landscape = rng.chance(0.6);
  const size = landscape ? A4_LANDSCAPE : A4;
  const person = randomPerson(rng, 1975, 2002);
  const institution = rng.pick(UNIVERSITIES);
  const [degreeTitle, major] = rng.pick(DEGREES);
  const honours = rng.pick(HONOURS);
  let graduation = randomDate(rng, addYears(person.birthDate, 21), addYears(person.birthDate, 30));
  if (graduation > "2026-06-30")
    graduation = randomDate(
      rng,
      addYears(person.birthDate, 20) < "2025-06-30" ? addYears(person.birthDate, 20) : "2025-06-30",
      "2026-06-30",
    );
  let tamperedField: string | undefined;
  let printedBirth = person.birthDate;
  if (options.tamper === "date_order") {
    // The forger moved the graduation year back, past the holder's own birth date.
    printedBirth = person.birthDate;
    graduation = randomDate(rng, addYears(person.birthDate, -6), addYears(person.birthDate, -1));
    tamperedField = "graduation_date";
  }
  const number = serial(rng, 2, 7);
  const degree = `${degreeTitle} in ${major}`;
  const withQr = wantsCode(rng, options, 0.5);
  const truth = { name: person.full, degree, date: graduation, number };
  let printedName = person.full;
  let printedDegree = degree;
  if (options.tamper === "code_mismatch") {
    // The printed degree or name was edited; the QR still carries the issuer's record.
    if (rng.chance(0.5)) {
      printedName = `${person.given} ${rng.pick(["Whitfield", "Marchetti", "Lindgren", "Okonkwo", "Delacroix"])}`;
      tamperedField = "holder_name";
    } else {
      const other = DEGREES.find(([t, m]) => `${t} in ${m}` !== degree && t.startsWith("Master")) ?? DEGREES[2];
      printedDegree = `${other[0]} in ${other[1]}`;
      tamperedField = "degree";
    }
  }

  const w = size.width;
  const h = size.height;
  const cx = w / 2;
  const els: Element[] = [];
  // Classic (centred, double border) or modern (a coloured band on the left, text left-aligned).
  const modern = rng.chance(0.35);
  const put = (y: number, value: string, size: number, font: FontKey, extra: Partial<TextElement>) =>
    modern ? text(w * 0.3, y, value, size * 0.92, font, extra) : centered(cx, y, value, size, font, extra);
  if (modern) {
    els.push(rect(0, 0, w * 0.22, h, { fill: style.accentColor }));
    els.push(rect(w * 0.22, 0, 4, h, { fill: lighten(style.accentColor, 0.5) }));
  } else {
    els.push(rect(18, 18, w - 36, h - 36, { stroke: style.accentColor, lineWidth: 3 }));
    els.push(rect(26, 26, w - 52, h - 52, { stroke: style.accentColor, lineWidth: 0.8 }));
  }
  let y = landscape ? 95 : 130;
  els.push(put(y, institution, landscape ? 30 : 26, style.bold, { color: style.accentColor, field: "institution" }));
  y += 40;
  els.push(
    put(
      y,
      rng.pick([
        "upon the recommendation of the Faculty",
        "by authority of the Board of Governors",
        "on the proposal of the Academic Senate",
      ]),
      12,
      style.accent,
      { color: style.muted },
    ),
  );
  y += landscape ? 45 : 70;
  els.push(
    put(
      y,
      rng.pick(["This is to certify that", "Be it known that", "hereby confers upon", "This certifies that"]),
      14,
      style.regular,
      { color: style.ink },
    ),
  );
  y += 42;
  els.push(put(y, printedName, landscape ? 30 : 28, style.accent, { color: style.ink, field: "holder_name" }));
  y += 24;
  els.push(
    put(y, `born ${formatDate(printedBirth, style.dateStyle)}`, 11, style.regular, {
      color: style.muted,
      field: "date_of_birth",
    }),
  );
  y += 36;
  els.push(
    put(
      y,
      rng.pick([
        "having fulfilled all the requirements has been awarded the degree of",
        "has completed the prescribed course of study and is awarded the degree of",
        "the degree of",
      ]),
      13,
      style.regular,
      { color: style.ink },
    ),
  );
  y += 36;
  els.push(put(y, printedDegree, 22, style.bold, { color: style.ink, field: "degree" }));
  if (honours) {
    y += 26;
    els.push(put(y, honours, 14, style.accent, { color: style.ink, field: "grade" }));
  }
  y += 36;
  els.push(
    put(y, `Conferred on ${formatDate(graduation, style.dateStyle)}`, 13, style.regular, {
      color: style.ink,
      field: "graduation_date",
    }),
  );

  const sigY = h - (landscape ? 95 : 140);
  const signers = [
    rng.pick(["Rector", "President", "Vice-Chancellor"]),
    rng.pick(["Dean of the Faculty", "Registrar", "Secretary General"]),
  ];
  for (const [i, role] of signers.entries()) {
    const sx = modern ? (i === 0 ? w * 0.3 : w * 0.68) : i === 0 ? w * 0.14 : w * 0.62;
    const sw = modern ? w * 0.2 : w * 0.24;
    els.push(line(sx, sigY, sx + sw, sigY, style.ink, 0.7));
    const signer = randomPerson(rng);
    els.push(
      centered(sx + sw / 2, sigY + 14, `${rng.pick(["Prof.", "Dr.", ""])} ${signer.full}`.trim(), 10, style.regular, {
        color: style.ink,
      }),
    );
    els.push(centered(sx + sw / 2, sigY + 27, role, 9, style.accent, { color: style.muted }));
    // A handwritten-looking stroke over the line.
    els.push(text(sx + sw * 0.2, sigY - 6, signer.surname, 20, "serif-italic", { color: "#1b2a6b" }));
  }
  const sealSize = landscape ? 110 : 120;
  const sealX = modern ? w * 0.59 : cx;
  els.push({
    kind: "image",
    x: sealX - sealSize / 2,
    y: sigY - sealSize * 0.75,
    width: sealSize,
    height: sealSize,
    png: sealPng(rng, institution, style.accentColor, 300),
    tag: "seal",
  });
  els.push(
    text(modern ? w * 0.3 : 40, h - 40, `Diploma No. ${number}`, 9, style.regular, {
      color: style.muted,
      field: "document_number",
    }),
  );
  let codePayload: string | undefined;
  if (withQr) {
    codePayload = qrPayload(rng, domainOf(institution), number, truth);
    const q = 64;
    els.push({
      kind: "image",
      x: w - 40 - q,
      y: h - 40 - q - 10,
      width: q,
      height: q,
      png: await qrPng(codePayload),
      tag: "qr",
    });
    els.push(text(w - 40 - q, h - 38, "Scan to verify", 7, style.regular, { color: style.muted }));
  }

  return {
    layout: { ...size, background: style.paper, pages: [{ elements: els }] },
    fields: {
      holder_name: printedName,
      date_of_birth: printedBirth,
      institution,
      degree: printedDegree,
      grade: honours || null,
      graduation_date: graduation,
      document_number: number,
    },
    codePayload,
    tamperedField,
    dpi: 300,
  };
};
