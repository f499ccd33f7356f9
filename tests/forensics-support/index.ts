// What check tests import: generate a document (genuine or with a planted defect) and get the
// DocumentContext the checks receive. See README.md beside this file.
export { contextFor, makeContext, type ContextOptions } from "./synthetic-context";
export { twins } from "./twins";
export {
  makeDocument,
  tampersFor,
  TAMPERS,
  type DocumentSpec,
  type SyntheticDocument,
  type TamperKind,
} from "@/bench/corpora/synthetic";
