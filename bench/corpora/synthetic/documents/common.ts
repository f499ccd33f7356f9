// What every document builder shares: a visual style drawn once per document, and small
// layout helpers (label/value rows, right-aligned amounts, codes).
import bwipjs from "bwip-js/node";
import type { FieldValue } from "@/lib/forensics/types";
import { measureText } from "../fonts";
import type { Element, FontKey, Layout, TextElement } from "../layout";
import { text } from "../layout";
import type { Rng } from "../rng";
import type { DateStyle } from "../vocabulary";

/** Tampers that change what the document says (so they apply to every format). */
export type ContentTamper =
  | "sum_mismatch"
  | "balance_break"
  | "date_order"
  | "mrz_check_digit"
  | "mrz_field_mismatch"
  | "expired"
  | "code_mismatch";

export interface BuildOptions {
  tamper?: ContentTamper;
  /** Force a QR/PDF417 code on documents that only sometimes carry one. */
  withCode?: boolean;
  /**
   * Only the first page is delivered (one photo or single-image file): a content forgery shown
   * this way must be on that page, as a forger photographs the page they altered.
   */
  firstPageOnly?: boolean;
}

export interface BuiltDocument {
  layout: Layout;
  /** What the document prints, in the shared snake_case vocabulary. */
  fields: Record<string, FieldValue>;
  /** Payload of the machine-readable code, when there is one. */
  codePayload?: string;
  /** Which printed field a content tamper changed, for the tamper's description. */
  tamperedField?: string;
  /** Preferred raster resolution for images of this document (cards are photographed closer). */
  dpi: number;
}

export type DocumentBuilder = (rng: Rng, options: BuildOptions) => Promise<BuiltDocument>;

export interface Style {
  regular: FontKey;
  bold: FontKey;
  accent: FontKey;
  ink: string;
  accentColor: string;
  muted: string;
  dateStyle: DateStyle;
  paper: string;
}

const FAMILIES: Array<Pick<Style, "regular" | "bold" | "accent">> = [
  { regular: "serif", bold: "serif-bold", accent: "serif-italic" },
  { regular: "sans", bold: "sans-bold", accent: "sans-oblique" },
  { regular: "liberation", bold: "liberation-bold", accent: "serif-italic" },
  { regular: "sans-condensed", bold: "sans-bold", accent: "serif-bold" },
  { regular: "serif-condensed", bold: "serif-bold", accent: "serif-italic" },
];

const ACCENTS = ["#1d3557", "#7b2d26", "#0b6e4f", "#3c1361", "#8a6d1d", "#1f4e79", "#5a5a5a"];

export function pickStyle(rng: Rng, formal: boolean): Style {
  const family = formal ? rng.pick([FAMILIES[0], FAMILIES[4], FAMILIES[2]]) : rng.pick(FAMILIES);
  return {
    ...(family as (typeof FAMILIES)[number]),
    ink: rng.pick(["#111111", "#1a1a1a", "#202833", "#000000"]),
    accentColor: rng.pick(ACCENTS),
    muted: rng.pick(["#555555", "#666666", "#4a5560"]),
    dateStyle: rng.pick(["long", "dmy", "iso", "mdy-long"] as const),
    paper: formal ? rng.pick(["#ffffff", "#fffdf6", "#fbf8ef", "#ffffff"]) : "#ffffff",
  };
}

/** A label and its value on one line; the value carries the field tag. */
export function labelValue(
  x: number,
  y: number,
  label: string,
  value: string,
  style: Style,
  size: number,
  field?: string,
  valueX?: number,
): Element[] {
  const vx = valueX ?? x + measureText(`${label} `, style.bold, size) + 4;
  return [
    text(x, y, label, size, style.bold, { color: style.muted }),
    text(vx, y, value, size, style.regular, { color: style.ink, ...(field ? { field } : {}) }),
  ];
}

export function rightText(
  xRight: number,
  y: number,
  value: string,
  size: number,
  font: FontKey,
  extra: Partial<TextElement> = {},
): TextElement {
  return text(xRight, y, value, size, font, { ...extra, align: "right" });
}

export function centered(
  xCenter: number,
  y: number,
  value: string,
  size: number,
  font: FontKey,
  extra: Partial<TextElement> = {},
): TextElement {
  return text(xCenter, y, value, size, font, { ...extra, align: "center" });
}

export async function qrPng(payload: string): Promise<Uint8Array> {
  return new Uint8Array(await bwipjs.toBuffer({ bcid: "qrcode", text: payload, scale: 4 }));
}

export async function pdf417Png(payload: string): Promise<Uint8Array> {
  return new Uint8Array(await bwipjs.toBuffer({ bcid: "pdf417", text: payload, scale: 2, height: 12 }));
}

/** Serial numbers in the shapes documents use: letters then digits. */
export function serial(rng: Rng, letters: number, digits: number): string {
  const alpha = "ABCDEFGHJKLMNPRSTUVWXYZ";
  let out = "";
  for (let i = 0; i < letters; i++) out += alpha[rng.int(0, alpha.length - 1)];
  for (let i = 0; i < digits; i++) out += String(rng.int(0, 9));
  return out;
}

/** A payload format for a verification QR, chosen per document, with the printed values in it. */
export function qrPayload(rng: Rng, domain: string, id: string, values: Record<string, string>): string {
  const style = rng.int(0, 2);
  if (style === 0) {
    const query = Object.entries(values)
      .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
      .join("&");
    return `https://verify.${domain}/c/${id}?${query}`;
  }
  if (style === 1) return JSON.stringify({ id, ...values });
  return [`ID:${id}`, ...Object.entries(values).map(([k, v]) => `${k.toUpperCase()}:${v}`)].join("\n");
}

export function domainOf(name: string): string {
  return `${name
    .toLowerCase()
    .replace(/[^a-z]+/g, "")
    .slice(0, 18)}.org`;
}

/** Whether this document carries a machine-readable code (always when a code tamper needs one). */
export function wantsCode(rng: Rng, options: BuildOptions, probability: number): boolean {
  if (options.tamper === "code_mismatch") return true;
  return options.withCode ?? rng.chance(probability);
}
