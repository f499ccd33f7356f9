// What a batch item stores at submission: its document (kept encrypted, or a URL to fetch) and the
// verification id fixed for it, so however often the item is run it makes one verification.
export type BatchItemInput =
  | { kind: "stored"; storage_key: string; content_type: string; file_name: string | null; verification_id: string }
  | { kind: "url"; url: string; file_name: string | null; verification_id: string };
