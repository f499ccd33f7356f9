// The social-sharing image of a verification (1200×630 PNG; satori and sharp, local fonts).
import type { Verdict } from "../forensics/types";
import { docTypeLabel, percent, VERDICT_COLORS, VERDICT_LABELS } from "../reports/report-style";
import { renderPng } from "./render-png";
import { safeText } from "./safe-text";

export interface OgImageInput {
  verdict: Verdict | null;
  confidence: number | null;
  docType: string | null;
  fileName: string | null;
  status: "pending" | "completed" | "failed";
  date: string;
  /** An administrator corrected the verdict (an upheld dispute): the image says so. */
  corrected?: boolean;
}

export const OG_SIZE = { width: 1200, height: 630 };

export function renderOgImage(input: OgImageInput): Promise<Buffer> {
  const color = input.verdict ? VERDICT_COLORS[input.verdict] : "#475569";
  const headline =
    input.status === "completed" && input.verdict
      ? VERDICT_LABELS[input.verdict]
      : input.status === "failed"
        ? "Analysis failed"
        : "Verification in progress";
  return renderPng(
    <div
      style={{
        boxSizing: "border-box",
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        backgroundColor: "#f8fafc",
        fontFamily: "DejaVu",
        padding: 64,
      }}
    >
      <div style={{ display: "flex", fontSize: 30, color: "#334155", fontWeight: 700, letterSpacing: 2 }}>
        CREDENCE · DOCUMENT VERIFICATION
      </div>
      <div style={{ display: "flex", marginTop: 56, alignItems: "center" }}>
        <div
          style={{ display: "flex", width: 28, height: 180, backgroundColor: color, borderRadius: 6, marginRight: 36 }}
        />
        <div style={{ display: "flex", flexDirection: "column" }}>
          <div style={{ display: "flex", fontSize: 96, fontWeight: 700, color }}>{headline}</div>
          <div style={{ display: "flex", fontSize: 38, color: "#0f172a", marginTop: 12 }}>
            {input.confidence !== null && input.status === "completed"
              ? `Confidence ${percent(input.confidence)} · ${docTypeLabel(input.docType)}`
              : docTypeLabel(input.docType)}
          </div>
        </div>
      </div>
      <div style={{ display: "flex", flexGrow: 1 }} />
      <div style={{ display: "flex", justifyContent: "space-between", fontSize: 28, color: "#475569" }}>
        <div style={{ display: "flex" }}>{safeText(input.fileName ?? "Document", 50)}</div>
        <div style={{ display: "flex" }}>{input.corrected ? `Corrected after review · ${input.date}` : input.date}</div>
      </div>
    </div>,
    OG_SIZE,
  );
}
