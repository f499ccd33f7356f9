import { describe, expect, it } from "vitest";
import { findXmpPacket, parseXmp } from "./xmp";

const wrap = (body: string) =>
  `junk<?xpacket begin=""?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF>${body}</rdf:RDF></x:xmpmeta><?xpacket end="w"?>junk`;

describe("xmp", () => {
  it("reads properties written as attributes or as elements, with entities and language alternatives", () => {
    const xmp = parseXmp(
      findXmpPacket(
        wrap(
          `<rdf:Description xmp:CreatorTool="Tom &amp; Jerry&#x2019;s tool" xmpMM:DocumentID='uuid:1'/>` +
            `<rdf:Description><xmp:ModifyDate>2020-01-02T03:04:05Z</xmp:ModifyDate><dc:title><rdf:Alt><rdf:li xml:lang="x-default">Payslip</rdf:li></rdf:Alt></dc:title></rdf:Description>`,
        ),
      )!,
    );
    expect(xmp.get("xmp:CreatorTool")).toBe("Tom & Jerry\u2019s tool");
    expect(xmp.get("xmpMM:DocumentID")).toBe("uuid:1");
    expect(xmp.get("xmp:ModifyDate")).toBe("2020-01-02T03:04:05Z");
    expect(xmp.get("dc:title")).toBe("Payslip");
    expect(xmp.get("xmp:CreateDate")).toBeUndefined();
  });

  it("reads the history in both of its spellings, and DerivedFrom", () => {
    const xmp = parseXmp(
      wrap(
        `<rdf:Description><xmpMM:History><rdf:Seq>` +
          `<rdf:li stEvt:action="created" stEvt:softwareAgent="Adobe Photoshop 25.0"/>` +
          `<rdf:li rdf:parseType="Resource"><stEvt:action>saved</stEvt:action><stEvt:when>2024-01-01T00:00:00Z</stEvt:when><stEvt:softwareAgent>GIMP 2.10</stEvt:softwareAgent><stEvt:changed>/</stEvt:changed></rdf:li>` +
          `</rdf:Seq></xmpMM:History><xmpMM:DerivedFrom stRef:documentID="uuid:a" stRef:instanceID="uuid:b"/></rdf:Description>`,
      ),
    );
    expect(xmp.history).toEqual([
      { action: "created", when: null, softwareAgent: "Adobe Photoshop 25.0", changed: null },
      { action: "saved", when: "2024-01-01T00:00:00Z", softwareAgent: "GIMP 2.10", changed: "/" },
    ]);
    expect(xmp.derivedFrom).toEqual({ documentID: "uuid:a", instanceID: "uuid:b" });
  });

  it("survives hostile packets", () => {
    expect(findXmpPacket("<x:xmpmeta never closed")).toBeNull();
    const xmp = parseXmp(wrap(`<rdf:Description xmp:CreatorTool="&#x110000;&#99999999;ok"/>`));
    expect(xmp.get("xmp:CreatorTool")).toMatch(/^(&#99999999;)?ok$/);
  });
});
