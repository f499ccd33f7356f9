// The badge as a printable PDF certificate (A4 landscape): the same facts and QR code as the
// image, plus the verification id and where to check the signature.
import { Document, Image, Page, renderToBuffer, StyleSheet, Text, View } from "@react-pdf/renderer";
import { registerPdfFonts } from "../../reports/register-pdf-fonts";
import { VERDICT_COLORS, VERDICT_LABELS } from "../../reports/report-style";
import type { BadgeFacts } from "./badge-facts";
import { jwksUrl } from "./badge-urls";
import { pngDataUri, qrPng } from "./badge-qr";

const styles = StyleSheet.create({
  page: { fontFamily: "DejaVu", padding: 48, color: "#0f172a", fontSize: 11 },
  frame: { flexGrow: 1, border: "2pt solid #cbd5e1", borderRadius: 6, padding: 36, flexDirection: "row" },
  // A zero basis gives the text column exactly the width the QR column leaves: long titles wrap
  // instead of running under the code.
  main: { flexGrow: 1, flexShrink: 1, flexBasis: 0, paddingRight: 24 },
  brand: { fontSize: 10, color: "#475569", letterSpacing: 2, marginBottom: 28 },
  intro: { fontSize: 12, color: "#475569", marginBottom: 6 },
  holder: { fontSize: 28, fontWeight: "bold", marginBottom: 14 },
  label: { fontSize: 18, marginBottom: 6 },
  issuer: { fontSize: 13, color: "#334155", marginBottom: 22 },
  verdict: { fontSize: 16, fontWeight: "bold", marginBottom: 18 },
  meta: { fontSize: 9.5, color: "#475569", marginBottom: 3 },
  side: { width: 190, flexShrink: 0, alignItems: "center", justifyContent: "center" },
  qr: { width: 170, height: 170 },
  scan: { fontSize: 9, color: "#475569", marginTop: 8, textAlign: "center" },
});

function Certificate({ facts, qr }: { facts: BadgeFacts; qr: string }) {
  return (
    <Document title={`Credence certificate: ${facts.label}`} author="Credence" creator="Credence">
      <Page size="A4" orientation="landscape" style={styles.page}>
        <View style={styles.frame}>
          <View style={styles.main}>
            <Text style={styles.brand}>CREDENCE · CERTIFICATE OF VERIFICATION</Text>
            <Text style={styles.intro}>This certifies that the credential of</Text>
            <Text style={styles.holder}>{facts.holderName}</Text>
            <Text style={styles.label}>{facts.label}</Text>
            <Text style={styles.issuer}>
              {facts.issuer ? `issued by ${facts.issuer}` : facts.docType}
              {facts.issuedOn ? `, dated ${facts.issuedOn}` : ""}
            </Text>
            <Text style={[styles.verdict, { color: VERDICT_COLORS[facts.verdict] }]}>
              {`was forensically verified: ${VERDICT_LABELS[facts.verdict]}`}
            </Text>
            <Text style={styles.meta}>{`Verified on ${facts.verifiedOn} · verification ${facts.verificationId}`}</Text>
            {facts.issuerStatus ? <Text style={styles.meta}>{`Issuer: ${facts.issuerStatus}`}</Text> : null}
            <Text style={styles.meta}>{`Badge: ${facts.pageUrl}`}</Text>
            <Text style={styles.meta}>The badge is a signed Open Badges 3.0 credential; its keys are published at</Text>
            <Text style={styles.meta}>{jwksUrl()}</Text>
          </View>
          <View style={styles.side}>
            {/* eslint-disable-next-line jsx-a11y/alt-text -- react-pdf's Image has no alt */}
            <Image style={styles.qr} src={qr} />
            <Text style={styles.scan}>Scan to check this badge online</Text>
          </View>
        </View>
      </Page>
    </Document>
  );
}

export async function renderBadgeCertificate(facts: BadgeFacts): Promise<Buffer> {
  registerPdfFonts();
  const qr = pngDataUri(await qrPng(facts.pageUrl));
  return renderToBuffer(<Certificate facts={facts} qr={qr} />);
}
