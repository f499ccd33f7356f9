// The badge as a PNG (1200×630, fits social cards): verdict, holder, label, issuer and the QR code
// of the badge page. satori + sharp with the local fonts, like every generated image here.
import { renderPng } from "../../images/render-png";
import { safeText } from "../../images/safe-text";
import { VERDICT_COLORS, VERDICT_LABELS } from "../../reports/report-style";
import type { BadgeFacts } from "./badge-facts";
import { pngDataUri, qrPng } from "./badge-qr";

export const BADGE_IMAGE_SIZE = { width: 1200, height: 630 };

export async function renderBadgeImage(facts: BadgeFacts): Promise<Buffer> {
  const color = VERDICT_COLORS[facts.verdict];
  const qr = pngDataUri(await qrPng(facts.pageUrl));
  return renderPng(
    <div
      style={{
        boxSizing: "border-box",
        width: "100%",
        height: "100%",
        display: "flex",
        backgroundColor: "#f8fafc",
        fontFamily: "DejaVu",
        padding: 56,
        borderTop: `18px solid ${color}`,
      }}
    >
      <div style={{ display: "flex", flexDirection: "column", flexGrow: 1, paddingRight: 40 }}>
        <div style={{ display: "flex", fontSize: 26, color: "#334155", fontWeight: 700, letterSpacing: 2 }}>
          CREDENCE · VERIFIED CREDENTIAL
        </div>
        <div style={{ display: "flex", fontSize: 72, fontWeight: 700, color, marginTop: 40 }}>
          {VERDICT_LABELS[facts.verdict]}
        </div>
        <div style={{ display: "flex", fontSize: 44, fontWeight: 700, color: "#0f172a", marginTop: 24 }}>
          {safeText(facts.holderName, 40)}
        </div>
        <div style={{ display: "flex", fontSize: 32, color: "#1e293b", marginTop: 16 }}>
          {safeText(facts.label, 56)}
        </div>
        <div style={{ display: "flex", fontSize: 28, color: "#475569", marginTop: 12 }}>
          {safeText(facts.issuer ? `Issued by ${facts.issuer}` : facts.docType, 60)}
        </div>
        <div style={{ display: "flex", flexGrow: 1 }} />
        <div style={{ display: "flex", fontSize: 22, color: "#64748b" }}>
          {`Verified ${facts.verifiedOn} · signed Open Badge 3.0 · scan to check`}
        </div>
      </div>
      <div style={{ display: "flex", alignItems: "center" }}>
        {/* eslint-disable-next-line @next/next/no-img-element -- satori draws it; no browser loads it */}
        <img src={qr} width={300} height={300} alt="" style={{ borderRadius: 8 }} />
      </div>
    </div>,
    BADGE_IMAGE_SIZE,
  );
}
