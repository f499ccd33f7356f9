import { describe, expect, it } from "vitest";
import { candidateTables, emptyFit, emptySupport, finestSteps, fit, fitEach, supportOf, tableFits } from "./lattice";

describe("fitEach", () => {
  it("gives each table exactly what fit() gives it, nested tables or not", () => {
    let seed = 5;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const nested = candidateTables(null).map(({ table }) => table);
    // The same tables out of order: no table's steps bound the next one's.
    const shuffled = [nested[3], nested[0], nested[9], nested[1]] as Float64Array[];
    for (const tables of [nested, shuffled]) {
      const fits = tableFits(tables);
      expect(fits.nested).toBe(tables === nested);
      const support = emptySupport();
      const one = emptyFit();
      const steps = finestSteps(tables);
      for (let block = 0; block < 200; block++) {
        // Coefficients from paper noise to strong text edges.
        const coef = Float64Array.from({ length: 64 }, () => (next() - 0.5) * 2 * 10 ** (next() * 2.5));
        supportOf(coef, steps, support);
        fitEach(coef, support, fits);
        tables.forEach((table, t) => {
          fit(coef, table, support, one);
          expect(fits.err[t]).toBe(one.err);
          expect(fits.ref[t]).toBe(one.ref);
          expect(fits.informative[t]).toBe(one.informative);
          expect(fits.structured[t]).toBe(one.structured);
        });
      }
    }
  });
});
