import { describe, expect, it } from "vitest";
import { sniffFormat } from "./sniff";

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...Buffer.from(p, "latin1")] : p)));

describe("format sniffing from magic bytes", () => {
  it.each([
    [bytes([0xff, 0xd8, 0xff, 0xe0]), "jpeg"],
    [bytes([0x89], "PNG\r\n\x1a\n"), "png"],
    [bytes("RIFF\0\0\0\0WEBPVP8 "), "webp"],
    [bytes("II*\0"), "tiff"],
    [bytes("MM\0*"), "tiff"],
    [bytes([0, 0, 0, 0x18], "ftypheic\0\0\0\0mif1heic"), "heic"],
    [bytes([0, 0, 0, 0x1c], "ftypavif\0\0\0\0avifmif1miaf"), "avif"],
    [bytes([0, 0, 0, 0x18], "ftypmif1\0\0\0\0mif1avif"), "avif"],
    [bytes("%PDF-1.7\n"), "pdf"],
    [bytes("\n\n junk before %PDF-1.4\n"), "pdf"],
  ])("%#: %s", (input, format) => expect(sniffFormat(input)).toEqual({ format }));

  it("names what it saw when it is not supported", () => {
    const seen = (b: Uint8Array) => {
      const s = sniffFormat(b);
      return s.format === null ? s.seen : s.format;
    };
    expect(seen(bytes("GIF89a"))).toContain("GIF");
    expect(seen(bytes("<svg xmlns='http://www.w3.org/2000/svg'>"))).toContain("SVG");
    expect(seen(bytes([0, 0, 0, 0x18], "ftypmp42\0\0\0\0isom"))).toContain("video");
    expect(seen(bytes([1, 2, 3, 250, 251, 252, 0, 9]))).toContain("01 02 03");
  });
});
