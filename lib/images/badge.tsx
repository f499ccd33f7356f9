// The verdict badge laid over a document's first page (satori and sharp, local fonts).
import type { Verdict } from "../forensics/types";
import { percent, VERDICT_COLORS, VERDICT_LABELS } from "../reports/report-style";
import { renderPng } from "./render-png";

export function renderBadge(
  input: { verdict: Verdict | null; confidence: number | null; status: string },
  width: number,
): Promise<Buffer> {
  const height = Math.round(width * 0.3);
  const color = input.verdict ? VERDICT_COLORS[input.verdict] : "#475569";
  const verified = input.verdict === "VERIFIED" || input.verdict === "VERIFIED SAMPLE";
  const title =
    input.status === "completed" && input.verdict
      ? `${verified ? "✓ " : ""}${VERDICT_LABELS[input.verdict]}`
      : "Not verified";
  const unit = width / 100;
  return renderPng(
    <div
      style={{
        boxSizing: "border-box",
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        justifyContent: "center",
        backgroundColor: color,
        color: "#ffffff",
        borderRadius: 4 * unit,
        padding: `0 ${6 * unit}px`,
        fontFamily: "DejaVu",
        opacity: 0.94,
      }}
    >
      <div style={{ display: "flex", fontSize: 10 * unit, fontWeight: 700 }}>{title}</div>
      <div style={{ display: "flex", fontSize: 5 * unit }}>
        {input.confidence !== null && input.status === "completed"
          ? `Credence · confidence ${percent(input.confidence)}`
          : "Credence"}
      </div>
    </div>,
    { width, height },
  );
}
