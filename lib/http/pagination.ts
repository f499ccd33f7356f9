// Cursor pagination for every /v1 list: `limit` 1-100 (default 20), `starting_after` = the
// previous page's next_cursor (the last id of that page). Ids are time-sortable, so "newest
// first" is id descending and a page never shifts when rows are inserted meanwhile.
import { z } from "zod";

export const paginationQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20).meta({ description: "Page size, 1-100.", example: 20 }),
  starting_after: z.string().min(1).max(64).optional().meta({ description: "The next_cursor of the previous page." }),
});

export function listEnvelopeSchema<T extends z.ZodType>(item: T) {
  return z.object({
    object: z.literal("list"),
    data: z.array(item),
    has_more: z.boolean(),
    next_cursor: z
      .string()
      .nullable()
      .meta({ description: "Pass as starting_after for the next page; null on the last page." }),
  });
}

/** Builds the envelope from a page fetched with `limit + 1` rows (the extra row means has_more). */
export function listEnvelope<R extends { id: string }, T>(rows: R[], limit: number, serialize: (row: R) => T) {
  const page = rows.slice(0, limit);
  const hasMore = rows.length > limit;
  return {
    object: "list" as const,
    data: page.map(serialize),
    has_more: hasMore,
    next_cursor: hasMore ? page[page.length - 1].id : null,
  };
}
