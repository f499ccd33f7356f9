import { describe, expect, it } from "vitest";
import { readDateRange } from "./read-date-range";

const range = (line: string) => {
  const r = readDateRange(line);
  return r && { start: r.start, end: r.end, ongoing: r.ongoing, text: line.slice(r.index, r.index + r.length) };
};

describe("readDateRange", () => {
  it.each([
    ["2019 – 2023", "2019-01-01", "2023-12-31", "2019 – 2023"],
    ["2019-2023 MSc Physics", "2019-01-01", "2023-12-31", "2019-2023"],
    ["09/2019 - 06/2021", "2019-09-01", "2021-06-30", "09/2019 - 06/2021"],
    ["Sept. 2019 – Jun 2021", "2019-09-01", "2021-06-30", "Sept. 2019 – Jun 2021"],
    ["September 2019 to February 2020", "2019-09-01", "2020-02-29", "September 2019 to February 2020"],
    ["janv. 2015 – févr. 2017", "2015-01-01", "2017-02-28", "janv. 2015 – févr. 2017"],
    ["März 2018 bis Dez. 2019", "2018-03-01", "2019-12-31", "März 2018 bis Dez. 2019"],
    ["enero de 2016 a marzo de 2018", "2016-01-01", "2018-03-31", "enero de 2016 a marzo de 2018"],
    ["2019-09 to 2021-06", "2019-09-01", "2021-06-30", "2019-09 to 2021-06"],
    ["01.09.2014 - 31.07.2017", "2014-09-01", "2017-07-31", "01.09.2014 - 31.07.2017"],
    ["Engineer, Acme (2012 — 2014)", "2012-01-01", "2014-12-31", "2012 — 2014"],
  ])("reads a closed range in %j", (line, start, end, text) => {
    expect(range(line)).toEqual({ start, end, ongoing: false, text });
  });

  it.each([
    ["09/2019 - present", "2019-09-01", "09/2019 - present"],
    ["Jan 2020 – Present", "2020-01-01", "Jan 2020 – Present"],
    ["seit 2020", "2020-01-01", "seit 2020"],
    ["Since March 2021: team lead", "2021-03-01", "Since March 2021"],
    ["depuis sept. 2022", "2022-09-01", "depuis sept. 2022"],
    ["desde 2019", "2019-01-01", "desde 2019"],
    ["2018 – heute", "2018-01-01", "2018 – heute"],
    ["06/2020 – aujourd'hui", "2020-06-01", "06/2020 – aujourd'hui"],
    ["2017 - actualidad", "2017-01-01", "2017 - actualidad"],
  ])("reads a running range in %j", (line, start, text) => {
    expect(range(line)).toEqual({ start, end: null, ongoing: true, text });
  });

  it("reads a lone date as the day something was completed", () => {
    expect(range("MSc Computer Science, ETH Zürich, 2018")).toEqual({
      start: null,
      end: "2018-12-31",
      ongoing: false,
      text: "2018",
    });
    expect(range("AWS Solutions Architect – June 2022")).toMatchObject({ end: "2022-06-30", text: "June 2022" });
  });

  it("finds no date where there is none, nor in numbers that are not years", () => {
    expect(readDateRange("Software Engineer at Acme")).toBeNull();
    expect(readDateRange("Phone +41 44 123 45 67")).toBeNull();
    expect(readDateRange("Grade 5.5/6, 180 ECTS")).toBeNull();
    expect(readDateRange("Managed 12000 users")).toBeNull();
  });

  it("does not read a backwards range as one", () => {
    expect(range("2021 – 2019")).toMatchObject({ start: null, end: "2021-12-31" });
  });
});
