// Synthetic documents for tests and the benchmark: genuine credentials of every type and format,
// forgeries made the way real forgers make them, and files that are not credentials at all.
export { makeDocument } from "./generate";
export type { DocumentSpec, Label, SyntheticDocument, TamperInfo } from "./synthetic-document";
export {
  corpusSpecs,
  generateCorpus,
  heicFixturesFor,
  streamCorpus,
  availableFormats,
  type CorpusOptions,
} from "./corpus";
export { loadHeicFixtures, type HeicFixture } from "./fixtures/heic";
export {
  CREDENTIAL_TYPES,
  FORMATS,
  NON_CREDENTIAL_KINDS,
  TAMPERS,
  TAMPER_KINDS,
  tampersFor,
  type CheckName,
  type CredentialType,
  type DocFormat,
  type NonCredentialKind,
  type TamperKind,
} from "./catalog";
export { LOOKS, type Look } from "./render/looks";
export { checkDigit, td1, td3 } from "./mrz";
