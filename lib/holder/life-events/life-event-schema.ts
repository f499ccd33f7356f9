// The wire format of life events: what a holder types (or a CV yields) about their education and
// work, beside the credentials Credence verified. Dates are calendar days (YYYY-MM-DD, UTC).
import { z } from "zod";
import { optionalTextField, textField } from "../../http/text-fields";

export const LIFE_EVENT_KINDS = ["education", "work", "certification", "award", "volunteering"] as const;
export type LifeEventKind = (typeof LIFE_EVENT_KINDS)[number];

export const LIMITS = { title: 200, organization: 200, location: 200, description: 5000 } as const;
/** The earliest date a life event may carry. */
export const EARLIEST_DATE = "1900-01-01";
/** How far ahead a date may be: an expected graduation or a contract's end, not a typo's year 3024. */
export const MAX_YEARS_AHEAD = 10;

export function latestDate(now = new Date()): string {
  return `${now.getUTCFullYear() + MAX_YEARS_AHEAD}-12-31`;
}

const isoDate = z.iso
  .date({ message: "must be a calendar date YYYY-MM-DD" })
  .refine((d) => d >= EARLIEST_DATE, { message: `must be on or after ${EARLIEST_DATE}` })
  .refine((d) => d <= latestDate(), { message: `must be at most ${MAX_YEARS_AHEAD} years ahead` })
  .meta({ format: "date", example: "2019-09-01" });

const fields = {
  kind: z.enum(LIFE_EVENT_KINDS, { message: `must be one of ${LIFE_EVENT_KINDS.join(", ")}` }),
  title: textField(LIMITS.title, "title").min(1, { message: "title is required" }),
  organization: optionalTextField(LIMITS.organization, "organization"),
  location: optionalTextField(LIMITS.location, "location"),
  description: optionalTextField(LIMITS.description, "description"),
  start_date: isoDate.nullable().optional(),
  end_date: isoDate.nullable().optional(),
};

/** end ≥ start, wherever both are known (a request's own or merged with the stored event). */
export function datesInOrder(start: string | null | undefined, end: string | null | undefined): boolean {
  return !start || !end || end >= start;
}

export const DATES_OUT_OF_ORDER = "end_date must be on or after start_date";

export const createLifeEventSchema = z
  .strictObject(fields)
  .refine((b) => datesInOrder(b.start_date, b.end_date), { message: DATES_OUT_OF_ORDER, path: ["end_date"] })
  .meta({ id: "CreateLifeEventRequest" });

export const updateLifeEventSchema = z
  .strictObject({ ...fields, kind: fields.kind.optional(), title: fields.title.optional() })
  .refine((b) => Object.keys(b).length > 0, { message: "send at least one field to change" })
  .refine((b) => datesInOrder(b.start_date, b.end_date), { message: DATES_OUT_OF_ORDER, path: ["end_date"] })
  .meta({ id: "UpdateLifeEventRequest" });

export type CreateLifeEventInput = z.output<typeof createLifeEventSchema>;
export type UpdateLifeEventInput = z.output<typeof updateLifeEventSchema>;

export const lifeEventSchema = z
  .object({
    id: z.string().meta({ example: "lev_01jd9x3k2q7w8e5r4t6y1u2i3o" }),
    object: z.literal("life_event"),
    kind: z.enum(LIFE_EVENT_KINDS),
    title: z.string(),
    organization: z.string().nullable(),
    location: z.string().nullable(),
    description: z.string().nullable(),
    start_date: z.string().meta({ format: "date" }).nullable(),
    end_date: z.string().meta({ format: "date" }).nullable(),
    source: z
      .enum(["manual", "cv", "social"])
      .meta({ description: "Typed by the holder, read from a CV, or from a social link." }),
    cv_upload_id: z.string().nullable().meta({ description: "The CV this event was read from (source cv)." }),
    created_at: z.string().meta({ format: "date-time" }),
    updated_at: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "LifeEvent" });

export const lifeEventParamsSchema = z.strictObject({ event_id: z.string().min(1).max(64) });
