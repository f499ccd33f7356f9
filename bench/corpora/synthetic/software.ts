// The software that makes documents: what genuine issuers' systems write into PDFs and images,
// and what forgers' editing tools write. Strings as those products really write them.
import type { Rng } from "./rng";
import type { PdfInfo } from "./render/pdf-xmp";

/** Producer/creator pairs of systems that issue documents (report engines, office suites, print drivers). */
export const ISSUER_PDF_SOFTWARE: ReadonlyArray<[producer: string, creator: string]> = [
  ["Microsoft® Word for Microsoft 365", "Microsoft® Word for Microsoft 365"],
  ["LibreOffice 7.5", "Writer"],
  ["iText® 7.2.5 ©2000-2023 iText Group NV", "Registrar Records System"],
  ["wkhtmltopdf 0.12.6", "wkhtmltopdf 0.12.6"],
  ["Skia/PDF m120", "Chromium"],
  ["PDFsharp 1.50.5147 (www.pdfsharp.com)", "SAP NetWeaver"],
  ["Apache FOP Version 2.8", "Apache FOP Version 2.8"],
  ["ReportLab PDF Library - www.reportlab.com", "Payroll Engine"],
  ["TCPDF 6.6.2 (http://www.tcpdf.org)", "TCPDF"],
  ["Qt 5.15.2", "Core Banking Statements"],
  ["JasperReports Library version 6.20.0", "JasperReports"],
];

/** What online and desktop PDF editors write when they save an edited file. */
export const EDITOR_PDF_SOFTWARE: ReadonlyArray<[producer: string, creator: string]> = [
  ["iLovePDF", "iLovePDF"],
  ["Smallpdf.com", "Smallpdf"],
  ["Sejda PDF Desktop (https://www.sejda.com)", "Sejda PDF Desktop"],
  ["PDFescape Online (www.pdfescape.com)", "PDFescape"],
  ["Adobe Acrobat Pro (64-bit) 23.6.20320", "Adobe Acrobat Pro (64-bit) 23.6.20320"],
  ["Foxit PhantomPDF Printer Version 10.1.0.0912", "Foxit PhantomPDF - Foxit Software Inc."],
  ["PDF-XChange Editor 9.5.368.0", "PDF-XChange Editor 9.5.368.0"],
  ["Nitro Pro 13 (13.70.2.40)", "Nitro Pro 13"],
];

export const SCANNER_PDF_SOFTWARE: ReadonlyArray<[producer: string, creator: string]> = [
  ["Canon iR-ADV C5535  PDF", "Canon iR-ADV C5535"],
  ["HP Digital Sending Device", "HP LaserJet MFP M528"],
  ["Xerox WorkCentre 7855", "Xerox WorkCentre 7855"],
  ["ScanSnap Manager #iX1600", "ScanSnap Manager"],
  ["NAPS2", "NAPS2"],
  ["EPSON Scan", "EPSON Scan"],
];

/** Genuine Info dictionary: modified at (or seconds after) creation. */
export function issuerPdfInfo(rng: Rng, created: Date, pool = ISSUER_PDF_SOFTWARE, title?: string): PdfInfo {
  const [producer, creator] = rng.pick(pool);
  const modDate = new Date(created.getTime() + (rng.chance(0.5) ? 0 : rng.int(1, 90) * 1000));
  const info: PdfInfo = { producer, creator, creationDate: created, modDate, ...(title ? { title } : {}) };
  // Office suites and most report engines also write an XMP packet that matches the Info dictionary.
  if (rng.chance(0.5)) info.xmp = { describes: { ...info }, documentId: uuid(rng) };
  return info;
}

export function issueTime(rng: Rng, isoDate: string): Date {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + rng.int(7 * 3600, 18 * 3600) * 1000);
}

export interface CameraProfile {
  make: string;
  model: string;
  software: string;
}

export const PHONES: readonly CameraProfile[] = [
  { make: "Apple", model: "iPhone 13", software: "17.1.1" },
  { make: "Apple", model: "iPhone 15 Pro", software: "17.4" },
  { make: "samsung", model: "SM-G991B", software: "G991BXXU5CVLB" },
  { make: "Google", model: "Pixel 7", software: "HDR+ 1.0.540104767zd" },
  { make: "Xiaomi", model: "Redmi Note 12", software: "MIUI 14" },
];

export const SCANNERS: readonly CameraProfile[] = [
  { make: "Canon", model: "CanoScan LiDE 400", software: "ScanGear 1.6" },
  { make: "EPSON", model: "Perfection V39", software: "EPSON Scan 2" },
  { make: "HP", model: "ScanJet Pro 2600 f1", software: "HP Scan" },
  { make: "Brother", model: "ADS-2700W", software: "Brother iPrint&Scan" },
];

export const IMAGE_EDITORS = [
  {
    software: "Adobe Photoshop 25.1 (Windows)",
    xmpTool: "Adobe Photoshop 25.1 (Windows)",
    agent: "Adobe Photoshop 25.1 (Windows)",
  },
  {
    software: "Adobe Photoshop CC 2019 (Macintosh)",
    xmpTool: "Adobe Photoshop CC 2019 (Macintosh)",
    agent: "Adobe Photoshop CC 2019 (Macintosh)",
  },
  { software: "GIMP 2.10.34", xmpTool: "GIMP 2.10", agent: "Gimp 2.10 (Linux)" },
  { software: "Adobe Photoshop Express", xmpTool: "Adobe Photoshop Express", agent: "Adobe Photoshop Express" },
  { software: "Pixelmator Pro 3.5", xmpTool: "Pixelmator Pro 3.5", agent: "Pixelmator Pro 3.5" },
] as const;

/** EXIF date-time as cameras write it: "YYYY:MM:DD HH:MM:SS". */
export function exifDate(date: Date): string {
  return date.toISOString().slice(0, 19).replace("T", " ").replace(/-/g, ":");
}

export function uuid(rng: Rng): string {
  const hex = () => rng.int(0, 15).toString(16);
  const part = (n: number) => Array.from({ length: n }, hex).join("");
  return `${part(8)}-${part(4)}-4${part(3)}-${part(4)}-${part(12)}`;
}
