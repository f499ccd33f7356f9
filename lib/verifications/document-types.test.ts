import { describe, expect, it } from "vitest";
import { sniffType } from "./document-types";

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...Buffer.from(p, "latin1")] : p)));

describe("sniffType", () => {
  it.each([
    ["application/pdf", bytes("%PDF-1.7\n")],
    ["image/jpeg", bytes([0xff, 0xd8, 0xff, 0xe0])],
    ["image/png", bytes([0x89], "PNG\r\n")],
    ["image/webp", bytes("RIFF\0\0\0\0WEBPVP8 ")],
    ["image/tiff", bytes("II*\0")],
    ["image/tiff", bytes("MM\0*")],
    ["image/avif", bytes([0, 0, 0, 0x1c], "ftypavif")],
    ["image/heic", bytes([0, 0, 0, 0x18], "ftypheic")],
    ["image/heif", bytes([0, 0, 0, 0x18], "ftypmif1")],
  ])("recognises %s", (type, input) => {
    expect(sniffType(input)).toBe(type);
  });

  it("recognises nothing else", () => {
    expect(sniffType(bytes("<html>"))).toBeNull();
    expect(sniffType(new Uint8Array())).toBeNull();
  });
});
