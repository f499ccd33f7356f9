import { describe, expect, it } from "vitest";
import { aamvaDate, parseAamva } from "./aamva";
import { parsePayload } from "./payload";

describe("AAMVA", () => {
  it("reads names, dates and number from a licence payload", () => {
    const data = parseAamva(
      "@\n\x1e\rANSI 636000090002DL00410278ZV03190008DLDAQT64235789\nDCSSAMPLE\nDACMICHAEL\nDADJOHN\nDBB07041973\nDBA07042030\nDBC1\n\r",
    );
    expect(data).toMatchObject({
      familyName: "SAMPLE",
      givenNames: ["MICHAEL", "JOHN"],
      dateOfBirth: "1973-07-04",
      expiryDate: "2030-07-04",
      documentNumber: "T64235789",
      sex: "M",
    });
  });

  it("reads US and Canadian date orders", () => {
    expect(aamvaDate("07041973")).toBe("1973-07-04");
    expect(aamvaDate("19730704")).toBe("1973-07-04");
    expect(aamvaDate("13401973")).toBeNull();
  });
});

describe("parsePayload", () => {
  it("classifies JSON values by key", () => {
    const payload = parsePayload(
      '{"holder":{"name":"Jane Doe","dob":"1990-02-01"},"net_pay":"2,250.00","id":"3f2b9c0e-8a1d-4f6e-9b7a-1c2d3e4f5a6b"}',
    );
    expect(payload.kind).toBe("json");
    expect(payload.values.map((v) => [v.key, v.kind, v.field])).toEqual([
      ["name", "name", "holder_name"],
      ["dob", "date", "date_of_birth"],
      ["net_pay", "amount", "net_pay"],
    ]);
  });

  it("reads key=value lists and URL parameters", () => {
    expect(
      parsePayload("Name: Jane Doe; Issued: 2021-06-30; Cert No: UE-2021-04417").values.map((v) => v.kind),
    ).toEqual(["name", "date", "identifier"]);
    const url = parsePayload("https://verify.example.org/v?doc=AB123456&total=99.50");
    expect(url.kind).toBe("url");
    expect(url.url?.hostname).toBe("verify.example.org");
    expect(url.values.map((v) => v.kind)).toEqual(["identifier", "amount"]);
  });

  it("takes only dates and currency amounts from free text", () => {
    const payload = parsePayload("Paid EUR 1.250,00 on 15 March 2024 to ACME");
    expect(payload.values.map((v) => [v.kind, v.amount ?? v.isos])).toEqual([
      ["date", ["2024-03-15"]],
      ["amount", 1250],
    ]);
  });
});

describe("records without keys", () => {
  it("reads a delimited record's fields by what they are: the person's name names the holder", () => {
    const payload = parsePayload("VERIFY|Universidad de San Lorenzo|2012-97669|Jonas Schneider|2004-06-18");
    expect(payload.kind).toBe("record");
    expect(payload.values.map((v) => [v.kind, v.value, v.field])).toEqual([
      ["name", "Jonas Schneider", "holder_name"],
      ["date", "2004-06-18", undefined],
    ]);
  });

  it("does not take an institution, a degree or a title for a person", () => {
    const payload = parsePayload("Northgate University;Bachelor Of Science;Verified Credential;2021-06-30");
    expect(payload.values.map((v) => v.kind)).toEqual(["date"]);
    const freeText = parsePayload("Awarded to Jane Doe on 30 June 2021");
    expect(freeText.kind).toBe("text");
  });
});
