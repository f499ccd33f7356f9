import Link from "next/link";
import { CardGrid } from "@/components/landing/card-grid";
import { SampleReport } from "@/components/landing/sample-report";
import { SiteHeader } from "@/components/landing/site-header";

const CHECKS = [
  [
    "PDF structure",
    "Every incremental revision is rendered and diffed, so an edited grade or date shows up as the region it changed. Editing tools, late fonts, hidden text and broken signatures are reported.",
  ],
  [
    "Pixel forensics",
    "Error-level and JPEG-ghost analysis calibrated against text density, copy-move detection and noise consistency find pasted or retyped regions in photos and scans.",
  ],
  [
    "Identity documents",
    "Machine-readable zones are parsed with every ICAO 9303 check digit and compared with the printed name, dates and number.",
  ],
  ["Codes", "QR, PDF417 and barcodes are decoded and their payload compared with what is printed next to them."],
  [
    "Content logic",
    "Dates in a possible order, payslips whose lines add up, bank statements whose running balance holds.",
  ],
  ["Metadata", "Editing software and impossible or inconsistent dates in EXIF, XMP and PDF metadata."],
] as const;

const AUDIENCES = [
  [
    "HR and admissions",
    "Upload an applicant's documents, watch the checks run, and share a report with the evidence drawn on the page.",
  ],
  [
    "Integrators",
    "A Stripe-style REST API with test and live modes, idempotency, cursor pagination and signed webhooks.",
  ],
  [
    "AI agents",
    "A built-in MCP server at /mcp with the same scoped API tokens: an assistant verifies a document, reads the findings in plain words and cross-checks an applicant's documents before anyone trusts them.",
  ],
  [
    "Holders and institutions",
    "Holders claim verified documents as credentials and share Open Badges 3.0 badges signed by this instance, which anyone can check offline; the issuing institution confirms or disputes a credential from an e-mail with one click, and the answer names the institution only from a domain verified as its own.",
  ],
] as const;

export default function LandingPage() {
  return (
    <>
      <SiteHeader />
      <main>
        <section className="bg-gradient-to-b from-brand-50 to-white">
          <div className="mx-auto grid max-w-6xl items-center gap-12 px-6 py-20 lg:grid-cols-2">
            <div>
              <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">Document verification</p>
              <h1 className="mt-3 text-4xl font-bold tracking-tight sm:text-5xl">
                Know whether a document is real, and see why.
              </h1>
              <p className="mt-5 text-lg text-slate-600">
                Credence examines diplomas, passports, certificates, payslips and bank statements and tells you whether
                each is authentic, tampered, fabricated, or not a credential at all, with the evidence marked on the
                page. It runs entirely on your own machine: nothing is sent to a cloud model.
              </p>
              <div className="mt-8 flex flex-wrap gap-3">
                <Link
                  href="/upload"
                  className="rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-700"
                >
                  Verify a document
                </Link>
                <Link
                  href="/v1/docs/reference"
                  className="rounded-lg border border-slate-300 bg-white px-5 py-3 font-semibold hover:border-slate-400"
                >
                  Read the API docs
                </Link>
              </div>
            </div>
            <SampleReport />
          </div>
        </section>

        <section className="mx-auto max-w-6xl px-6 py-16" aria-labelledby="checks">
          <h2 id="checks" className="text-2xl font-bold tracking-tight">
            Independent forensic checks
          </h2>
          <p className="mt-2 max-w-2xl text-slate-600">
            Each check looks for how forgeries are really made and reports what it found, where, and why it matters. The
            findings are fused into a verdict and a calibrated confidence.
          </p>
          <CardGrid items={CHECKS} columns="sm:grid-cols-2 lg:grid-cols-3" />
        </section>

        <section className="border-y border-slate-200 bg-slate-50" aria-labelledby="verdicts">
          <div className="mx-auto max-w-6xl px-6 py-16">
            <h2 id="verdicts" className="text-2xl font-bold tracking-tight">
              Verdicts you can act on
            </h2>
            <dl className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
              {[
                ["VERIFIED", "Passes every check."],
                ["SUSPECT", "Anomalies worth a closer look."],
                ["REJECTED", "Clear signs of tampering or fabrication."],
                ["NOT_CREDENTIAL", "A selfie, a blank page, a screenshot."],
                ["MANUAL_REVIEW", "Conflicting evidence or too poor to judge."],
              ].map(([verdict, text]) => (
                <div key={verdict}>
                  <dt className="font-mono text-sm font-semibold">{verdict}</dt>
                  <dd className="mt-1 text-sm text-slate-600">{text}</dd>
                </div>
              ))}
            </dl>
          </div>
        </section>

        <section className="mx-auto max-w-6xl px-6 py-16" aria-labelledby="who">
          <h2 id="who" className="text-2xl font-bold tracking-tight">
            Built for everyone who handles credentials
          </h2>
          <CardGrid items={AUDIENCES} columns="sm:grid-cols-2" />
        </section>

        <section className="mx-auto max-w-6xl px-6 pb-20" aria-labelledby="api">
          <h2 id="api" className="text-2xl font-bold tracking-tight">
            One request away
          </h2>
          <pre className="mt-6 overflow-x-auto rounded-xl bg-ink p-6 text-sm text-slate-100">
            <code>{`curl https://credence.example/v1/verifications \\
  -H "Authorization: Bearer svc_test_sk_…" \\
  -F file=@diploma.pdf

{ "id": "ver_…", "status": "completed", "verdict": "VERIFIED",
  "confidence": 0.97, "doc_type": "diploma", "livemode": false, … }`}</code>
          </pre>
        </section>
      </main>
      <footer className="border-t border-slate-200">
        <div className="mx-auto flex max-w-6xl justify-between px-6 py-8 text-sm text-slate-500">
          <span>Credence</span>
          <span>Runs offline. Your documents never leave your server.</span>
        </div>
      </footer>
    </>
  );
}
