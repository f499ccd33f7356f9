import { describe, expect, it } from "vitest";
import { meaningfulGap, parseIsoDate, parsePdfDate } from "./dates";

describe("metadata dates", () => {
  it("reads PDF dates with and without zones", () => {
    expect(parsePdfDate("D:20190614120000+02'00'")).toMatchObject({
      time: Date.UTC(2019, 5, 14, 10),
      hasZone: true,
      problem: null,
    });
    expect(parsePdfDate("D:20190614120000Z")).toMatchObject({ time: Date.UTC(2019, 5, 14, 12), hasZone: true });
    expect(parsePdfDate("D:2019")).toMatchObject({ time: Date.UTC(2019, 0, 1), hasZone: false });
    expect(parsePdfDate("D:20190614120000-05'30")).toMatchObject({ time: Date.UTC(2019, 5, 14, 17, 30) });
  });

  it("names impossible dates instead of guessing", () => {
    expect(parsePdfDate("D:20191341120000Z")?.problem).toMatch(/month 13/);
    expect(parsePdfDate("D:20190230120000Z")?.problem).toMatch(/does not exist/);
    expect(parseIsoDate("2019:06:14 25:00:00")?.problem).toMatch(/hour 25/);
    expect(parsePdfDate("yesterday")?.problem).toBeTruthy();
  });

  it("reads EXIF and ISO dates", () => {
    expect(parseIsoDate("2019:06:14 10:00:00")).toMatchObject({ time: Date.UTC(2019, 5, 14, 10), hasZone: false });
    expect(parseIsoDate("2019-06-14T10:00:00.123+01:00")).toMatchObject({
      time: Date.UTC(2019, 5, 14, 9),
      hasZone: true,
    });
  });

  it("does not call a time-zone slip a gap", () => {
    const utc = parseIsoDate("2019-06-14T10:00:00Z")!;
    expect(meaningfulGap(utc, parseIsoDate("2019-06-14T12:00:00")!)).toBeNull(); // no zone: up to 14 h is ambiguous
    expect(meaningfulGap(utc, parseIsoDate("2019-06-14T12:00:00Z")!)).toBeNull(); // whole hours: local time written as UTC
    expect(meaningfulGap(utc, parseIsoDate("2019-06-14T10:01:00Z")!)).toBeNull(); // within tolerance
    expect(meaningfulGap(utc, parseIsoDate("2019-06-14T12:07:00Z")!)).toBe(127 * 60_000);
    expect(meaningfulGap(utc, parseIsoDate("2019-06-20T10:00:00")!)).toBe(6 * 86_400_000);
  });
});
