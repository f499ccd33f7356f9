import { describe, expect, it } from "vitest";
import { fitsWinAnsi, reportFontFamily } from "./pdf-font";

describe("report font", () => {
  it("uses the built-in font for Western European text", () => {
    expect(fitsWinAnsi("Zoë Müller · Straße 5 – €1.200,00 “quoted”…")).toBe(true);
    expect(reportFontFamily({ name: "Jane Doe", summary: "No signs of tampering." })).toBe("Helvetica");
  });

  it("embeds DejaVu for anything else", () => {
    expect(fitsWinAnsi("Αθήνα")).toBe(false);
    expect(fitsWinAnsi("Москва")).toBe(false);
    expect(fitsWinAnsi("Łódź")).toBe(false);
    expect(reportFontFamily({ name: "Ivan Петров" })).toBe("DejaVu");
  });
});
