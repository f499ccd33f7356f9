import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { classifyDocument } from "./classify";
import { decodeDocument } from "./decode";
import { Deadline } from "./deadline";
import { DEFAULT_LIMITS } from "./limits";
import { terminateOcr } from "./ocr";
import { assembleText, recogniseText } from "./read";
import * as F from "@/tests/forensics-support/pipeline-fixtures";

afterAll(() => terminateOcr());

async function classifyBytes(bytes: Uint8Array) {
  const deadline = new Deadline(60_000);
  try {
    const env = { limits: DEFAULT_LIMITS, mode: "standard" as const, deadline, log: () => {} };
    const decoded = await decodeDocument(bytes, "", env);
    await recogniseText(decoded.pages, env);
    const text = assembleText(decoded.pages);
    return classifyDocument(decoded.pages, text.lines, decoded.metadata);
  } finally {
    deadline.dispose();
  }
}

describe("classify: credentials versus everything else", () => {
  it("a selfie-like photo is a photo, not a credential", async () => {
    const c = await classifyBytes(new Uint8Array(await F.selfieImage()));
    expect(c.isCredential).toBe(false);
    expect(c.kind).toBe("photo");
    expect(c.pages[0].visual.skinFraction).toBeGreaterThan(0.12);
  });

  it("a captioned picture is a meme", async () => {
    const c = await classifyBytes(new Uint8Array(await F.memeImage()));
    expect(c.kind).toBe("meme");
    expect(c.isCredential).toBe(false);
  });

  it("a phone screenshot of a chat is a screenshot", async () => {
    const c = await classifyBytes(new Uint8Array(await F.screenshotImage()));
    expect(c.kind).toBe("screenshot");
  });

  it("a light-theme desktop screenshot is a screenshot", async () => {
    const c = await classifyBytes(new Uint8Array(await F.desktopScreenshot()));
    expect(c.kind).toBe("screenshot");
  });

  it("a diploma on parchment-coloured paper is still a credential", async () => {
    const c = await classifyBytes(
      new Uint8Array(await F.documentImage(F.DIPLOMA_LINES, "jpeg", 1240, 1754, "#e8d4b0")),
    );
    expect(c.isCredential).toBe(true);
    expect(c.docType).toBe("diploma");
    expect(c.pages[0].visual.paperFraction).toBeGreaterThan(0.5);
  });

  // Lines of text in a script page OCR does not read (it reads English) are a document whatever
  // the issuer or script: not "not a credential", but text the engine cannot check.
  const SERBIAN_CYRILLIC = [
    "Универзитет у Крагујевцу",
    "Машински факултет",
    "ДИПЛОМА О ЗАВРШЕНИМ СТУДИЈАМА",
    "Милица Јовановић, рођена 3. маја 1996.",
    "завршила је основне академске студије",
    "и стекла стручни назив дипломирани инжењер",
    "У Крагујевцу, 18. септембра 2020. године",
    "Декан факултета                Ректор",
  ];
  const GREEK = [
    "Πανεπιστήμιο Θεσσαλίας",
    "Τμήμα Πληροφορικής και Τηλεπικοινωνιών",
    "ΠΙΣΤΟΠΟΙΗΤΙΚΟ ΣΠΟΥΔΩΝ",
    "Βεβαιώνεται ότι η Ελένη Παπαδοπούλου",
    "ολοκλήρωσε το πρόγραμμα σπουδών",
    "με βαθμό πτυχίου επτά και πενήντα",
    "Λάρισα, δεκαπέντε Ιουλίου δύο χιλιάδες είκοσι",
    "Ο Πρύτανης                Η Γραμματέας",
  ];
  it("a Greek certificate of studies scanned is a document whose text the engine does not read, not a non-credential", async () => {
    const c = await classifyBytes(new Uint8Array(await F.documentImage(GREEK, "jpeg", 1240, 1754, "#ffffff")));
    expect(c.isCredential).toBe(true);
    expect(c.unreadText).toBe(true);
    expect(c.pages[0].reasons).toContain("text in a script the engine does not read");
    expect(c.pages[0].text.textLines).toBeGreaterThanOrEqual(4);
  });

  it("a Serbian Cyrillic diploma photographed is read with the Cyrillic model and typed a diploma by its wording", async () => {
    const c = await classifyBytes(
      new Uint8Array(await F.documentImage(SERBIAN_CYRILLIC, "jpeg", 1240, 1754, "#efe6cf")),
    );
    expect(c.isCredential).toBe(true);
    expect(c.unreadText).toBe(false);
    expect(c.docType).toBe("diploma");
    expect(c.pages[0].text.readShare).toBeGreaterThan(0.5);
  });

  it("its clean twin in English is read, not flagged as unread text", async () => {
    const c = await classifyBytes(
      new Uint8Array(await F.documentImage(F.DIPLOMA_LINES, "jpeg", 1240, 1754, "#efe6cf")),
    );
    expect(c.isCredential).toBe(true);
    expect(c.unreadText).toBe(false);
    expect(c.pages[0].text.readShare).toBeGreaterThan(0.8);
  });

  it("a stained, noisy scan of an energy bill is a utility bill, not text with none of a credential's wording", async () => {
    const bill = [
      "Northern Power Ltd        Electricity bill",
      "Account number 4471 2290 18",
      "Supply address 12 High Street, Leeds LS1 4AB",
      "Billing period 01/03/2024 - 31/03/2024",
      "Previous meter reading 10234 kWh",
      "Present meter reading 10480 kWh",
      "Standing charge 31 days 16.43",
      "Unit rate 246 kWh at 0.245 60.27",
      "VAT 5% 3.83",
      "Amount due 80.53",
    ];
    // Coffee rings and a tide mark over the print, greyed paper: what a bill kept in a drawer looks like.
    const stains =
      '<circle cx="820" cy="420" r="190" fill="none" stroke="#9a7b4f" stroke-width="26" opacity="0.35"/>' +
      '<ellipse cx="300" cy="1300" rx="420" ry="260" fill="#b89868" opacity="0.28"/>' +
      '<rect x="0" y="1500" width="1240" height="254" fill="#c8b48c" opacity="0.4"/>';
    const svg = F.documentSvg(bill, 1240, 1754, "#e4dccb").replace("</svg>", `${stains}</svg>`);
    const scan = await sharp(Buffer.from(svg)).blur(0.8).jpeg({ quality: 70 }).toBuffer();
    const c = await classifyBytes(new Uint8Array(scan));
    expect(c.isCredential).toBe(true);
    expect(c.kind).toBe("document");
    expect(c.docType).toBe("utility_bill");
  });

  it("an empty page is blank", async () => {
    const c = await classifyBytes(new Uint8Array(await F.blankImage()));
    expect(c.kind).toBe("blank");
    expect(c.confidence).toBeGreaterThan(0.9);
  });

  it("a photographed diploma is a credential of type diploma", async () => {
    const c = await classifyBytes(new Uint8Array(await F.documentImage(F.DIPLOMA_LINES)));
    expect(c.isCredential).toBe(true);
    expect(c.docType).toBe("diploma");
  });

  it("a digital PDF payslip is a credential of type payslip", async () => {
    const lines = [
      "ACME Widgets Ltd",
      "PAYSLIP",
      "Employee: Jane Doe",
      "Pay period: 01/06/2024 - 30/06/2024",
      "Basic salary  3,000.00",
      "Income tax  (450.00)",
      "National Insurance  (210.00)",
      "Total deductions  660.00",
      "Net pay  2,340.00",
    ];
    const c = await classifyBytes(await F.documentPdf(lines));
    expect(c.isCredential).toBe(true);
    expect(c.docType).toBe("payslip");
  });

  it("a page of text with none of a credential's wording (a news article) is text, not a credential", async () => {
    const lines = [
      "City council approves new cycling lanes",
      "The council voted on Tuesday to approve a network of protected",
      "cycling lanes across the downtown area. The plan will add",
      "fourteen kilometres of separated lanes by the end of next year.",
      "Supporters said the lanes would make cycling safer for commuters,",
      "while some shop owners raised concerns about parking spaces.",
      "Construction is expected to begin in the spring.",
    ];
    const c = await classifyBytes(new Uint8Array(await F.documentImage(lines)));
    expect(c.kind).toBe("text");
    expect(c.isCredential).toBe(false);
    expect(c.pages[0].reasons).toContain("none of the wording of a credential");
  });

  it("the same article as a digital PDF, a text run a line, is text: its words are counted, not its runs", async () => {
    const lines = [
      "City council approves new cycling lanes",
      "The council voted on Tuesday to approve a network of protected",
      "cycling lanes across the downtown area. The plan will add",
      "fourteen kilometres of separated lanes by the end of next year.",
      "Supporters said the lanes would make cycling safer for commuters,",
      "while some shop owners raised concerns about parking spaces.",
      "Construction is expected to begin in the spring.",
    ];
    const c = await classifyBytes(await F.documentPdf(lines));
    expect(c.pages[0]!.text.confidentWords).toBeGreaterThan(50);
    expect(c.kind).toBe("text");
    // Twin: the diploma as a digital PDF stays a diploma.
    const diploma = await classifyBytes(await F.documentPdf(F.DIPLOMA_LINES));
    expect(diploma.kind).toBe("document");
    expect(diploma.docType).toBe("diploma");
  });

  it("twin: the same page naming what it certifies is a credential", async () => {
    const lines = [
      "CERTIFICATE OF COMPLETION",
      "This is to certify that Jane Doe has successfully completed",
      "the course Protected Cycling Lane Design (40 hours)",
      "run by the council's transport office in the spring term.",
      "Supporters said the lanes would make cycling safer for commuters,",
      "while some shop owners raised concerns about parking spaces.",
      "Issued on 12 May 2024, certificate no. TR-2024-0117.",
    ];
    const c = await classifyBytes(new Uint8Array(await F.documentImage(lines)));
    expect(c.kind).toBe("document");
    expect(c.docType).toBe("certificate");
  });

  it("twin: a letter confirming employment, a credential with no type of its own, stays a document", async () => {
    const lines = [
      "ACME Logistics Ltd, Human Resources",
      "To whom it may concern",
      "This letter confirms that Jane Doe has been employed by our company",
      "as a senior analyst since 3 March 2019, on a permanent contract.",
      "Her current annual salary is 58,000 before tax.",
      "Please contact our office should you need any further details.",
      "Signed on behalf of the company, 12 May 2024",
    ];
    const c = await classifyBytes(new Uint8Array(await F.documentImage(lines)));
    expect(c.kind).toBe("document");
    expect(c.docType).toBe("employment_letter");
    expect(c.pages[0].text.credentialMarks).toBeGreaterThanOrEqual(2);
  });
});

describe("classify: credentials in the forms and languages people send", () => {
  it("a colourful certificate with big title words is a certificate (twin: the same picture captioned as a joke)", async () => {
    const c = await classifyBytes(
      new Uint8Array(
        await F.colourfulPoster(
          ["CERTIFICATE OF", "COMPLETION"],
          ["awarded to Jane Doe", "for completing the course", "Data Analysis Basics"],
        ),
      ),
    );
    expect(c.kind).toBe("document");
    expect(c.docType).toBe("certificate");
    const meme = await classifyBytes(
      new Uint8Array(await F.colourfulPoster(["WHEN THE CODE", "WORKS"], ["first time", "on a friday", "nobody"])),
    );
    // (its captions on the gradient are not read, so it is judged as a picture: a meme or a photo)
    expect(meme.isCredential).toBe(false);
  });

  it("white type on an orange gradient that reads as a certificate (title unread) is a certificate, not a photo (twin: the same picture as a holiday greeting)", async () => {
    const c = await classifyBytes(
      new Uint8Array(
        await F.gradientPicture(["COMPLETION", "for completing Cloud Architecture", "Issued January 5, 2021"]),
      ),
    );
    expect(c.pages[0]!.visual.paperFraction).toBeLessThan(0.1);
    expect(c.kind).toBe("document");
    expect(c.docType).toBe("certificate");
    const greeting = await classifyBytes(
      new Uint8Array(await F.gradientPicture(["HOLIDAYS", "greetings from the seaside", "see you on January 5, 2021"])),
    );
    expect(greeting.isCredential).toBe(false);
  });

  it("a badge page exported from a learning platform is a certificate (twin of the desktop screenshot)", async () => {
    const c = await classifyBytes(
      new Uint8Array(
        await F.desktopScreenshot([
          "Badge: Cloud Computing Fundamentals",
          "Earned by Jane Doe on 12 May 2024",
          "Issued by Learnly Academy",
          "Skills: networking, storage, security",
        ]),
      ),
    );
    expect(c.kind).toBe("document");
    expect(c.docType).toBe("certificate");
  });

  it("a Bosnian diploma is a diploma, not a text with none of a credential's wording", async () => {
    const lines = [
      "BOSNA I HERCEGOVINA",
      "UNIVERZITET U SARAJEVU",
      "EKONOMSKI FAKULTET",
      "DIPLOMA",
      "kojom se potvrduje da je Amra Hodzic",
      "rodena 12. 3. 1998. godine u Mostaru",
      "zavrsila prvi ciklus studija i stekla",
      "akademsko zvanje diplomirani ekonomista",
      "Dekan                          Rektor",
    ];
    const c = await classifyBytes(new Uint8Array(await F.documentImage(lines)));
    expect(c.kind).toBe("document");
    expect(c.docType).toBe("diploma");
  });
});
