import { describe, expect, it } from "vitest";
import { createRng } from "../rng";
import { scanLook } from "./looks";

/** A flat mid-grey page: everything the look adds to it is its own noise. */
const flat = (width: number, height: number) => ({
  width,
  height,
  data: new Uint8ClampedArray(width * height * 4).fill(128),
});

describe("scan look noise", () => {
  it("does not repeat at any pixel offset (no periodic pattern a sensor would not make)", async () => {
    const { raster } = await scanLook(createRng(5), flat(300, 200));
    const d = raster.data;
    const w = raster.width;
    // Inside the lid margin, compare pixels with those k later in reading order, for every k up
    // to a quarter of the page: a noise table read in order shows up as one k where they agree.
    const at = (i: number) => d[i * 4] as number;
    const start = 20 * w;
    const end = (raster.height - 20) * w;
    let worst = 0;
    for (let k = 1; k < (end - start) / 4; k++) {
      let same = 0;
      let count = 0;
      for (let i = start; i + k < end; i += 23) {
        count++;
        if (at(i) === at(i + k)) same++;
      }
      worst = Math.max(worst, same / count);
    }
    // Independent noise of sd 2–5 grey levels agrees by chance on well under a fifth of pixels.
    expect(worst).toBeLessThan(0.2);
  });
});
