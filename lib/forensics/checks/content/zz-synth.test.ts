import { it } from "vitest";
import { contextFor, twins } from "@/lib/forensics/testing";
import { TAMPERS } from "@/lib/forensics/synthetic";
import { check as mrz } from "@/lib/forensics/checks/mrz";
import { check as codes } from "@/lib/forensics/checks/codes";
import { check as content } from "@/lib/forensics/checks/content";
const CHECKS = { mrz, codes, content } as const;
it("synth", async () => {
  const kinds = [
    "mrz.check_digit",
    "mrz.field_mismatch",
    "mrz.expired",
    "codes.payload_mismatch",
    "content.sum_mismatch",
    "content.balance_break",
    "content.date_order",
  ] as const;
  for (const kind of kinds) {
    const spec = TAMPERS[kind];
    for (const docType of spec.docTypes) {
      for (const [format, look] of [
        ["pdf", "clean"],
        ["jpeg", "scanned"],
        ["png", "phone"],
      ] as const) {
        for (const seed of ["a1", "b2"]) {
          try {
            const { genuine, tampered } = await twins({ seed, docType, format, look, tamper: kind });
            const c = CHECKS[spec.check as keyof typeof CHECKS];
            const res = [];
            for (const d of [genuine, tampered]) {
              const ctx = await contextFor(d, { fields: process.env.E5_FIELDS === "read" ? "read" : "truth" });
              const f = c.applies(ctx) ? await c.run(ctx, () => {}) : [];
              res.push(
                f
                  .filter((x) => x.severity !== "info")
                  .map((x) => `${x.check}:${x.severity}`)
                  .join(",") || "-",
              );
            }
            console.log(
              `${kind} ${docType} ${format}/${look} ${seed} | genuine: ${res[0]} | tampered: ${res[1]} | ${tampered.tamper?.description ?? ""}`,
            );
          } catch (e) {
            console.log(`${kind} ${docType} ${format}/${look} ${seed} ERROR ${(e as Error).message.slice(0, 200)}`);
          }
        }
      }
    }
  }
}, 600_000);
