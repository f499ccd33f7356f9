// Which way a statement's transactions run down the page, from the dates that start its lines.
// Banks print oldest first or newest first; the running balance must be walked the same way.
import { findDates } from "./parse-date";

export type PrintedOrder = "oldest_first" | "newest_first";

/**
 * The order the line dates follow, or null when they do not say (too few dated lines, or as many
 * steps back as forward). A numeric date can read day-first or month-first: each convention is
 * tried over the whole list, and the one whose dates run most consistently decides.
 */
export function printedOrder(lines: readonly string[]): PrintedOrder | null {
  const dated = lines
    .map((line) => findDates(line.slice(0, 24))[0]?.isos)
    .filter((isos): isos is string[] => isos !== undefined && isos.length > 0);
  if (dated.length < 2) return null;
  let best = 0;
  for (const pick of [(isos: string[]) => isos[0] as string, (isos: string[]) => isos.at(-1) as string]) {
    const dates = dated.map(pick);
    let steps = 0;
    for (let i = 1; i < dates.length; i++) {
      const [a, b] = [dates[i - 1] as string, dates[i] as string];
      steps += a < b ? 1 : a > b ? -1 : 0;
    }
    if (Math.abs(steps) > Math.abs(best)) best = steps;
  }
  return best > 0 ? "oldest_first" : best < 0 ? "newest_first" : null;
}
