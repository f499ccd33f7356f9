// The forensic report as a PDF document: verdict, summary, extracted fields, every finding, and
// the page images with each finding's region drawn and numbered like the list.
import { Document, Image, Page, StyleSheet, Text, View } from "@react-pdf/renderer";
import { registerPdfFonts } from "./register-pdf-fonts";
import { reportFontFamily } from "./pdf-font";
import type { PageImageForReport, ReportInput } from "./report-input";
import { docTypeLabel, percent, SEVERITY_COLORS, VERDICT_COLORS, VERDICT_LABELS } from "./report-style";

const styles = StyleSheet.create({
  page: { fontSize: 9.5, padding: 36, color: "#0f172a", lineHeight: 1.35 },
  brand: { fontSize: 9, color: "#475569", marginBottom: 4 },
  title: { fontSize: 18, fontWeight: "bold", marginBottom: 10 },
  verdictBox: { borderRadius: 4, padding: 10, marginBottom: 12, color: "#ffffff" },
  verdict: { fontSize: 16, fontWeight: "bold", lineHeight: 1.2, marginBottom: 4 },
  meta: { flexDirection: "row", flexWrap: "wrap", marginBottom: 10 },
  metaItem: { width: "50%", marginBottom: 3 },
  label: { color: "#64748b" },
  h2: { fontSize: 12, fontWeight: "bold", marginTop: 10, marginBottom: 6 },
  row: { flexDirection: "row", borderBottom: "0.5pt solid #e2e8f0", paddingVertical: 3 },
  key: { width: "35%", color: "#475569" },
  value: { width: "65%" },
  finding: { flexDirection: "row", marginBottom: 6 },
  number: { width: 18, height: 15, borderRadius: 2, marginRight: 6, justifyContent: "center", alignItems: "center" },
  numberText: { color: "#ffffff", fontSize: 8, fontWeight: "bold", lineHeight: 1 },
  findingBody: { flex: 1 },
  check: { fontSize: 8, color: "#64748b" },
  footer: {
    position: "absolute",
    bottom: 20,
    left: 36,
    right: 36,
    fontSize: 7.5,
    color: "#94a3b8",
    textAlign: "center",
  },
});

const CONTENT_WIDTH = 595.28 - 72;
const MAX_IMAGE_HEIGHT = 620;

export function ForensicReportDocument({
  input,
  images,
  issuerStatus,
  generatedAt,
}: {
  input: ReportInput;
  images: PageImageForReport[];
  issuerStatus: string | null;
  generatedAt: string;
}) {
  registerPdfFonts();
  const page = [styles.page, { fontFamily: reportFontFamily(input) }];
  const numbered = input.findings.map((f, i) => ({ ...f, n: i + 1 }));
  const fields = Object.entries(input.fields ?? {}).filter(([, v]) => v !== null && v !== "");
  return (
    <Document
      title={`Credence forensic report ${input.verification_id ?? ""}`.trim()}
      author="Credence"
      producer="Credence"
    >
      <Page size="A4" style={page}>
        <Text style={styles.brand}>CREDENCE · FORENSIC DOCUMENT REPORT</Text>
        <Text style={styles.title}>{input.file_name || "Document verification"}</Text>
        <View style={[styles.verdictBox, { backgroundColor: VERDICT_COLORS[input.verdict] }]}>
          <Text style={styles.verdict}>
            {input.verdict} · {VERDICT_LABELS[input.verdict]}
          </Text>
          <Text>
            Confidence {percent(input.confidence)} · Document type: {docTypeLabel(input.doc_type)}
          </Text>
        </View>
        <View style={styles.meta}>
          {meta("Verification", input.verification_id ?? "—")}
          {meta("Verified at", input.created_at ?? "—")}
          {meta("Pages", String(input.page_count ?? images.length))}
          {meta("Engine", `${input.engine_version ?? "—"} (${input.mode ?? "standard"} mode)`)}
          {issuerStatus ? meta("Issuer", issuerStatus) : null}
        </View>
        {input.summary ? (
          <>
            <Text style={styles.h2}>Summary</Text>
            <Text>{input.summary}</Text>
          </>
        ) : null}
        {fields.length > 0 ? (
          <>
            <Text style={styles.h2}>Fields read from the document</Text>
            {fields.map(([key, value]) => (
              <View key={key} style={styles.row} wrap={false}>
                <Text style={styles.key}>{key.replace(/_/g, " ")}</Text>
                <Text style={styles.value}>{String(value)}</Text>
              </View>
            ))}
          </>
        ) : null}
        <Text style={styles.h2}>Findings ({numbered.length})</Text>
        {numbered.length === 0 ? <Text>No findings: no check found evidence of manipulation.</Text> : null}
        {numbered.map((f) => (
          <View key={f.n} style={styles.finding} wrap={false}>
            <View style={[styles.number, { backgroundColor: SEVERITY_COLORS[f.severity] }]}>
              <Text style={styles.numberText}>{f.n}</Text>
            </View>
            <View style={styles.findingBody}>
              <Text>{f.message}</Text>
              <Text style={styles.check}>
                {f.severity.toUpperCase()} · {f.check}
                {f.score !== undefined ? ` · score ${f.score.toFixed(2)}` : ""}
                {f.page ? ` · page ${f.page}` : " · whole file"}
                {f.region ? " · region marked on the page image" : ""}
              </Text>
            </View>
          </View>
        ))}
        <Footer generatedAt={generatedAt} />
      </Page>
      {images.map((image) => (
        <Page key={image.page} size="A4" style={page}>
          <Text style={styles.h2}>Page {image.page}</Text>
          <PageWithRegions image={image} findings={numbered.filter((f) => f.page === image.page && f.region)} />
          <Footer generatedAt={generatedAt} />
        </Page>
      ))}
    </Document>
  );
}

function meta(label: string, value: string) {
  return (
    <View style={styles.metaItem}>
      <Text>
        <Text style={styles.label}>{label}: </Text>
        {value}
      </Text>
    </View>
  );
}

function PageWithRegions({
  image,
  findings,
}: {
  image: PageImageForReport;
  findings: Array<ReportInput["findings"][number] & { n: number }>;
}) {
  const scale = Math.min(CONTENT_WIDTH / image.width, MAX_IMAGE_HEIGHT / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  return (
    <View style={{ width, height, position: "relative", border: "0.5pt solid #cbd5e1" }}>
      {/* eslint-disable-next-line jsx-a11y/alt-text -- react-pdf's Image is painted into the PDF and has no alt attribute */}
      <Image src={image.jpeg} style={{ width, height }} />
      {findings.map((f) => {
        const r = f.region!;
        const color = SEVERITY_COLORS[f.severity];
        return (
          <View
            key={f.n}
            style={{
              position: "absolute",
              left: r.x * width,
              top: r.y * height,
              width: Math.max(2, r.width * width),
              height: Math.max(2, r.height * height),
              border: `1.5pt solid ${color}`,
            }}
          >
            <Text
              style={{
                position: "absolute",
                top: -11,
                left: -1,
                fontSize: 7,
                color: "#ffffff",
                backgroundColor: color,
                paddingHorizontal: 2,
              }}
            >
              {f.n}
            </Text>
          </View>
        );
      })}
    </View>
  );
}

function Footer({ generatedAt }: { generatedAt: string }) {
  return (
    <Text style={styles.footer} fixed>
      {`Generated by Credence on ${generatedAt} · Regions are drawn in the colour of their finding's severity.`}
    </Text>
  );
}
