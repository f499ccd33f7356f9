import { sealPng } from "../graphics";
import { A4, A4_LANDSCAPE, line, rect, text, type Element } from "../layout";
import { CERTIFICATE_BODIES, addDays, addYears, formatDate, randomDate, randomPerson } from "../vocabulary";
import { centered, domainOf, pickStyle, qrPayload, qrPng, serial, wantsCode, type DocumentBuilder } from "./common";

export const buildCertificate: DocumentBuilder = async (rng, options) => {
  const style = pickStyle(rng, rng.chance(0.6));
  const landscape = rng.chance(0.7);
  const size = landscape ? A4_LANDSCAPE : A4;
  const person = randomPerson(rng, 1965, 2004);
  const [body, title] = rng.pick(CERTIFICATE_BODIES);
  const issue = randomDate(rng, "2019-01-01", "2026-09-30");
  let expiry = addYears(issue, rng.pick([2, 3, 5]));
  let tamperedField: string | undefined;
  if (options.tamper === "date_order") {
    // A forged "valid until" that precedes the issue date (the year was edited the wrong way).
    expiry = addDays(issue, -rng.int(60, 900));
    tamperedField = "expiry_date";
  }
  const number = `${serial(rng, 3, 3)}-${serial(rng, 0, 6)}`;
  let printedName = person.full;
  if (options.tamper === "code_mismatch") {
    printedName = `${rng.pick(["Victor", "Helena", "Marcus", "Irene"])} ${person.surname}`;
    tamperedField = "holder_name";
  }
  const withQr = wantsCode(rng, options, 0.55);
  const w = size.width;
  const h = size.height;
  const cx = w / 2;
  const els: Element[] = [];
  els.push(rect(0, 0, w, 70, { fill: style.accentColor }));
  els.push(text(36, 45, body, 20, style.bold, { color: "#ffffff", field: "institution" }));
  els.push(rect(24, 90, w - 48, h - 120, { stroke: style.accentColor, lineWidth: 1.2 }));
  let y = landscape ? 170 : 220;
  els.push(
    centered(
      cx,
      y,
      rng.pick(["CERTIFICATE", "Certificate of Achievement", "Certificate of Completion"]),
      32,
      style.bold,
      { color: style.accentColor },
    ),
  );
  y += 50;
  els.push(centered(cx, y, "This certifies that", 14, style.regular, { color: style.muted }));
  y += 44;
  els.push(centered(cx, y, printedName, 30, style.accent, { color: style.ink, field: "holder_name" }));
  y += 42;
  els.push(centered(cx, y, "has successfully completed the requirements for", 13, style.regular, { color: style.ink }));
  y += 34;
  els.push(centered(cx, y, title, 20, style.bold, { color: style.ink, field: "degree" }));
  y += 48;
  els.push(
    centered(cx - w * 0.2, y, `Date of issue: ${formatDate(issue, style.dateStyle)}`, 12, style.regular, {
      color: style.ink,
      field: "issue_date",
    }),
  );
  els.push(
    centered(cx + w * 0.2, y, `Valid until: ${formatDate(expiry, style.dateStyle)}`, 12, style.regular, {
      color: style.ink,
      field: "expiry_date",
    }),
  );
  y += 26;
  els.push(
    centered(cx, y, `Certificate No. ${number}`, 11, style.regular, { color: style.muted, field: "document_number" }),
  );
  const sigY = h - 90;
  const signer = randomPerson(rng);
  els.push(line(60, sigY, 260, sigY, style.ink, 0.7));
  els.push(text(80, sigY - 6, signer.surname, 20, "serif-italic", { color: "#1b2a6b" }));
  els.push(
    text(
      60,
      sigY + 14,
      `${signer.full}, ${rng.pick(["Director", "Chair of the Board", "Head of Certification"])}`,
      10,
      style.regular,
      { color: style.ink },
    ),
  );
  const seal = 100;
  els.push({
    kind: "image",
    x: cx - seal / 2,
    y: sigY - seal + 20,
    width: seal,
    height: seal,
    png: sealPng(rng, body, style.accentColor, 280),
    tag: "seal",
  });
  let codePayload: string | undefined;
  if (withQr) {
    codePayload = qrPayload(rng, domainOf(body), number, { name: person.full, title, issued: issue, expires: expiry });
    const q = 70;
    els.push({
      kind: "image",
      x: w - 60 - q,
      y: h - 50 - q,
      width: q,
      height: q,
      png: await qrPng(codePayload),
      tag: "qr",
    });
  }
  return {
    layout: { ...size, background: style.paper, pages: [{ elements: els }] },
    fields: {
      holder_name: printedName,
      institution: body,
      degree: title,
      issue_date: issue,
      expiry_date: expiry,
      document_number: number,
    },
    codePayload,
    tamperedField,
    dpi: 300,
  };
};
