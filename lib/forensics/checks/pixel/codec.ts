// What the file's own codec can leave in the pixels, so the JPEG analyses judge only what it cannot.
//
// JPEG and lossless containers (PNG, TIFF) keep an earlier JPEG's lattice and block borders
// exactly: a region off the lattice or a second grid there is evidence. WebP (VP8 4×4 transforms,
// 16×16 macroblocks, loop filter), AVIF (AV1: 4×4 to 64×64 transforms) and HEIC (HEVC: 4×4 to
// 32×32) re-quantise every block with rate control that spends bits unevenly: they leave block
// borders on a 4-pixel lattice anchored at the origin, erase an earlier JPEG lattice more in some
// areas than others and smooth noise where they save bits. None of them can lay a JPEG quantisation
// lattice onto one region, and none puts borders off the 4-pixel lattice. A photo converted from
// JPEG to one of them keeps a faint JPEG lattice everywhere; a never-JPEG one has none; a lattice
// in one region only, or a grid off the codec's lattice, is still evidence.
import type { SourceFormat } from "../../context";

export type Codec = "jpeg" | "lossless" | "block-transform";

export function codecOf(format: SourceFormat): Codec {
  if (format === "jpeg") return "jpeg";
  // Lossless WebP exists, but treating every WebP as lossy only makes the judgement more careful.
  if (format === "webp" || format === "avif" || format === "heic") return "block-transform";
  return "lossless";
}

/** Block borders at this phase (0..7, 7 = on the origin) can come from a codec whose transforms sit on a 4-pixel lattice. */
export const codecPhase = (phase: number) => phase % 4 === 3;
