// Access-matrix rows of the /holder routes of this area (spread into TABLE in
// tests/integration/access-matrix.int.test.ts). One file per area so areas are added independently.
import type { AccessRow } from "./types";

export const holderProfileRows: Record<string, AccessRow> = {};
