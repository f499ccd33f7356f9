import { describe, expect, it } from "vitest";
import { printedOrder } from "./statement-order";

const lines = ["02/03/2024 Salary 2,500.00", "05/03/2024 Rent 1,200.00", "20/03/2024 Electricity 64.10"];

describe("statement order from line dates", () => {
  it("reads oldest first and newest first from the dates, in either day/month convention", () => {
    expect(printedOrder(lines)).toBe("oldest_first");
    expect(printedOrder([...lines].reverse())).toBe("newest_first");
    const us = ["03/20/2024 Electricity", "03/05/2024 Rent", "03/02/2024 Salary"];
    expect(printedOrder(us)).toBe("newest_first");
    expect(printedOrder(["12 Mar 2024 Card", "3 Mar 2024 Card", "1 Mar 2024 Card"])).toBe("newest_first");
  });

  it("does not guess when the dates do not say", () => {
    expect(printedOrder(["Salary 2,500.00", "Rent 1,200.00"])).toBeNull();
    expect(printedOrder(["02/03/2024 a", "02/03/2024 b"])).toBeNull();
    expect(printedOrder(["02/03/2024 a", "05/03/2024 b", "01/03/2024 c"])).toBeNull();
  });
});
