// A balanced benchmark corpus: equal numbers of genuine, tampered and non-credential documents,
// spread evenly over document types, formats, looks and tamper kinds, reproducible from a seed.
import {
  CREDENTIAL_TYPES,
  FORMATS,
  NON_CREDENTIAL_KINDS,
  TAMPER_KINDS,
  TAMPERS,
  type CredentialType,
  type DocFormat,
  type TamperKind,
} from "./catalog";
import { canEncodeHeic } from "./render/encode";
import type { Look } from "./render/looks";
import { makeDocument } from "./generate";
import type { DocumentSpec, Label, SyntheticDocument } from "./synthetic-document";
import { loadHeicFixtures } from "./fixtures/heic";
import { createRng, hashSeed } from "./rng";

export interface CorpusOptions {
  seed: number | string;
  /** Documents per class (genuine, tampered, not_credential). */
  perClass: number;
  /** Restrict to one class, one tamper kind, one check family, one format or one document type. */
  only?: string;
}

/** Formats this machine can write (HEIC needs libheif's heif-enc; see fixtures/ otherwise). */
export function availableFormats(): DocFormat[] {
  return FORMATS.filter((f) => f !== "heic" || canEncodeHeic());
}

const LOOK_WEIGHTS: Look[] = ["clean", "clean", "scanned", "phone"];

/** The specs of a corpus, without generating anything (cheap; lets a runner stream documents). */
export function corpusSpecs(options: CorpusOptions): Array<DocumentSpec & { label: Label }> {
  const rng = createRng(hashSeed("corpus", String(options.seed)));
  const formats = availableFormats();
  const specs: Array<DocumentSpec & { label: Label }> = [];
  const seedOf = (label: string, i: number) => `${options.seed}:${label}:${i}`;
  // Each round through the document types moves the formats on by one, so every pair comes up
  // within types × formats documents (i % 7 and i % 7 alone would pin each type to one format
  // when HEIC is unavailable).
  for (let i = 0; i < options.perClass; i++) {
    const docType = CREDENTIAL_TYPES[i % CREDENTIAL_TYPES.length] as CredentialType;
    const format = formats[(i + Math.floor(i / CREDENTIAL_TYPES.length)) % formats.length] as DocFormat;
    const look = format === "pdf" ? "clean" : rng.pick(LOOK_WEIGHTS);
    specs.push({ label: "genuine", seed: seedOf("genuine", i), docType, format, look });
  }
  // Tamper kinds in turn; the n-th use of a kind takes the next document type and format it applies to.
  const uses = new Map<TamperKind, number>();
  for (let i = 0; i < options.perClass; i++) {
    const kind = TAMPER_KINDS[i % TAMPER_KINDS.length] as TamperKind;
    const n = uses.get(kind) ?? 0;
    uses.set(kind, n + 1);
    const t = TAMPERS[kind];
    // Offsets by i as well as n, so even one use per kind spreads over document types and formats.
    const docType = t.docTypes[(n + i) % t.docTypes.length] as CredentialType;
    const usable = t.formats.filter((f) => formats.includes(f));
    const format = usable[(n + Math.floor(i / 2)) % usable.length] as DocFormat;
    const looks = format === "pdf" ? (["clean"] as Look[]) : t.looks;
    const look = looks[(n + i) % looks.length] as Look;
    specs.push({
      label: t.genuine ? "genuine" : "tampered",
      seed: seedOf("tampered", i),
      docType,
      format,
      look,
      tamper: kind,
    });
  }
  for (let i = 0; i < options.perClass; i++) {
    const kind = NON_CREDENTIAL_KINDS[i % NON_CREDENTIAL_KINDS.length] as (typeof NON_CREDENTIAL_KINDS)[number];
    const format = formats[i % formats.length] as DocFormat;
    specs.push({ label: "not_credential", seed: seedOf("nc", i), nonCredential: kind, format });
  }
  return options.only ? specs.filter((s) => matches(s, options.only as string)) : specs;
}

function matches(spec: DocumentSpec & { label: Label }, only: string): boolean {
  if (spec.label === only) return true;
  if (spec.tamper && (spec.tamper === only || TAMPERS[spec.tamper].check === only)) return true;
  if (spec.format === only || spec.docType === only || spec.nonCredential === only) return true;
  return false;
}

/**
 * HEIC documents to add when this machine cannot write HEIC: the committed fixtures, so the
 * format is still measured (on CI, say). Empty when heif-enc is installed.
 */
export function heicFixturesFor(options: CorpusOptions): SyntheticDocument[] {
  if (canEncodeHeic()) return [];
  return loadHeicFixtures()
    .map(({ file: _file, ...doc }) => ({ ...doc, text: [] }))
    .filter(
      (doc) =>
        !options.only ||
        (
          [doc.label, doc.format, doc.docType, doc.tamper?.kind, doc.tamper?.check, doc.nonCredentialKind] as unknown[]
        ).includes(options.only),
    );
}

/** Generates documents one at a time (a corpus of A4 images does not fit comfortably in memory at once). */
export async function* streamCorpus(options: CorpusOptions): AsyncGenerator<SyntheticDocument> {
  for (const spec of corpusSpecs(options)) yield makeDocument(spec);
  yield* heicFixturesFor(options);
}

export async function generateCorpus(options: CorpusOptions): Promise<SyntheticDocument[]> {
  const out: SyntheticDocument[] = [];
  for await (const doc of streamCorpus(options)) out.push(doc);
  return out;
}
