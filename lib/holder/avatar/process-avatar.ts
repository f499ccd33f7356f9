// An uploaded avatar is hostile until proven otherwise: its type is read from its bytes (the name
// and the declared type only have to agree with them), its size and decoded pixel count are
// bounded before decoding, and what is stored is never the upload itself but a fresh 512×512 WebP
// encoded by sharp, which carries no EXIF, GPS, XMP or ICC text from the original.
import sharp from "sharp";
import { ApiError } from "../../http/errors";
import { carriesMarkup, endsWithZip } from "../../forensics/pipeline/polyglot";
import { formatBytes } from "../../http/request";

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** Decoded pixels: a 40-megapixel photo passes; a small file that inflates to gigabytes does not. */
export const AVATAR_MAX_PIXELS = 40_000_000;
export const AVATAR_SIZE = 512;

export type AvatarType = "image/jpeg" | "image/png" | "image/webp";

const NAMES: Record<AvatarType, string> = { "image/jpeg": "a JPEG", "image/png": "a PNG", "image/webp": "a WebP" };
const EXTENSIONS: Record<string, AvatarType> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  jfif: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
};

export function sniffAvatarType(bytes: Uint8Array): AvatarType | null {
  const ascii = (from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString("latin1");
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (ascii(0, 8) === "\x89PNG\r\n\x1a\n") return "image/png";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "image/webp";
  return null;
}

const refuse = (message: string) =>
  new ApiError("invalid_request", message, { issues: [{ loc: ["body", "file"], msg: message, type: "custom" }] });

/** The type the bytes are, after checking that the file's name and declared type do not say otherwise. */
export function checkAvatarFile(bytes: Uint8Array, fileName: string, declaredType: string): AvatarType {
  if (bytes.byteLength === 0) throw refuse("The file is empty.");
  if (bytes.byteLength > AVATAR_MAX_BYTES)
    throw new ApiError(
      "payload_too_large",
      `The image is ${formatBytes(bytes.byteLength)}; avatars are limited to ${formatBytes(AVATAR_MAX_BYTES)}.`,
    );
  const type = sniffAvatarType(bytes);
  if (!type)
    throw refuse("Only JPEG, PNG and WebP images are accepted as avatars (the file's bytes are none of them).");
  // Re-encoding would drop it, but a file that is also a page or an archive is hostile: say so.
  if (carriesMarkup(bytes) || endsWithZip(bytes))
    throw refuse(
      `The file is ${NAMES[type]} image and also an HTML page or a ZIP archive (a polyglot); upload the photo alone.`,
    );
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  const named = extension ? EXTENSIONS[extension] : undefined;
  if (extension && named !== type)
    throw refuse(
      `The file is named .${extension} but its bytes are ${NAMES[type]} image: upload it under its real type.`,
    );
  const declared = declaredType.split(";")[0].trim().toLowerCase();
  if (declared.startsWith("image/") && declared !== type && !(declared === "image/jpg" && type === "image/jpeg"))
    throw refuse(`The file is declared ${declared} but its bytes are ${NAMES[type]} image.`);
  return type;
}

/** Decodes, orients, crops to a square and re-encodes; throws a 422 for anything sharp cannot or may not decode. */
export async function reencodeAvatar(bytes: Uint8Array): Promise<Buffer> {
  const options = { limitInputPixels: AVATAR_MAX_PIXELS, failOn: "error" as const, pages: 1 };
  try {
    const { width, height } = await sharp(bytes, options).metadata();
    if (!width || !height) throw refuse("The image has no dimensions.");
    if (width * height > AVATAR_MAX_PIXELS)
      throw refuse(
        `The image is ${width}×${height} pixels; avatars are limited to ${AVATAR_MAX_PIXELS / 1e6} megapixels.`,
      );
    return await sharp(bytes, options)
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover", position: "attention" })
      .webp({ quality: 85 })
      .toBuffer();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const reason =
      error instanceof Error && /pixel limit/i.test(error.message)
        ? "it has too many pixels"
        : "it is damaged or incomplete";
    throw refuse(`The image could not be read: ${reason}.`);
  }
}
