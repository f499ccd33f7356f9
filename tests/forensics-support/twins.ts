// A tampered document and its clean twin: same seed, so same person, layout, look and noise;
// the only difference is the planted defect. The pair every check test needs.
import { makeDocument, type DocumentSpec, type SyntheticDocument } from "@/bench/corpora/synthetic";
import type { TamperKind } from "@/bench/corpora/synthetic";

export async function twins(
  spec: Omit<DocumentSpec, "tamper"> & { tamper: TamperKind },
): Promise<{ genuine: SyntheticDocument; tampered: SyntheticDocument }> {
  const { tamper, ...rest } = spec;
  const [genuine, tampered] = await Promise.all([makeDocument(rest), makeDocument({ ...rest, tamper })]);
  return { genuine, tampered };
}
