import { z } from "zod";
import { getDb } from "../../db";
import { defineJob } from "../../jobs";
import { parseCvUpload } from "./parse-cv-upload";
import { READ_TIMEOUT_MS } from "./read-cv-text";

export const parseCvJob = defineJob({
  name: "holder.parse-cv",
  schema: z.object({ cvId: z.string() }),
  // Reading is bounded by READ_TIMEOUT_MS; the rest is a few queries.
  lease: { seconds: Math.ceil(READ_TIMEOUT_MS / 1000) + 30 },
  concurrency: 2,
  handle: async ({ cvId }) => parseCvUpload(await getDb(), cvId),
});
