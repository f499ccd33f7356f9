// The QR code that leads from a printed or shared badge to its page, made offline (bwip-js).
import bwipjs from "bwip-js/node";

/** A PNG of the QR code of `url`, black on white, with its quiet zone. */
export function qrPng(url: string): Promise<Buffer> {
  return bwipjs.toBuffer({
    bcid: "qrcode",
    text: url,
    scale: 6,

    paddingwidth: 4,
    paddingheight: 4,
    backgroundcolor: "FFFFFF",
  });
}

export const pngDataUri = (png: Buffer) => `data:image/png;base64,${png.toString("base64")}`;
