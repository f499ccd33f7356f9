// A figure of the page read where the holder's name begins (figure-in-name.ts) as a finding. High,
// as a word cloned over a value is (word-clone-findings.ts): no name holds another figure of the
// page, digit for digit, run into its letters.
import { placeOf } from "../../region";
import type { Finding } from "../../types";
import type { ToRegion } from "./findings";
import type { FigureInName } from "./figure-in-name";

export function figureInNameFindings(page: number, found: readonly FigureInName[], toRegion: ToRegion): Finding[] {
  return found.slice(0, 1).map((f) => {
    const region = toRegion(f.copy.x0, f.copy.y0, f.copy.x1, f.copy.y1);
    const source = toRegion(f.source.x0, f.source.y0, f.source.x1, f.source.y1);
    return {
      check: "pixel.copy_move",
      severity: "high",
      score: 0.8,
      message:
        `On page ${page} the holder's name is read "${f.read}" (${placeOf(region)}): the figure printed at ${placeOf(source)} ` +
        `(read "${f.figure}" there) run into what is left of a name's letters, as a figure of the page cloned over the name leaves it.`,
      page,
      region,
      evidence: { statistic: "figure_in_name", other_region: source, word: f.figure, read_over: f.read },
    };
  });
}
