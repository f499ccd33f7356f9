import { z } from "zod";

const fraction = z.number().min(0).max(1);
export const RegionSchema = z.strictObject({ x: fraction, y: fraction, width: fraction, height: fraction });

export const CalibrationFeedbackRequest = z.strictObject({
  verification_id: z.string().min(1).max(100),
  annotations: z
    .array(
      z.strictObject({
        check: z.string().max(200).optional(),
        page: z.number().int().min(1),
        predicted: RegionSchema.nullable(),
        corrected: RegionSchema.nullable(),
      }),
    )
    .min(1)
    .max(200),
});

export const CalibrateRequest = z.strictObject({
  corrections: z
    .array(
      z.strictObject({
        verification_id: z.string().min(1).max(100).optional(),
        predicted_confidence: fraction.optional(),
        correct: z.boolean(),
      }),
    )
    .min(1)
    .max(1000),
});
