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
        predicted_confidence: fraction
          .optional()
          .meta({ description: "The report's raw_confidence; leave it out to use the named verification's." }),
        correct: z.boolean(),
      }),
    )
    .min(1)
    .max(1000),
});

/** What record-feedback.ts recordAnnotationFeedback() answers. */
export const AnnotationFeedbackResult = z
  .object({ stored: z.int(), total_feedback: z.int(), recalibration_suggested: z.boolean() })
  .meta({ id: "AnnotationFeedbackResult" });

/** What the calibrate route answers: the corrections stored and refit.ts's new model. */
export const CalibrateResult = z
  .object({
    stored: z.int(),
    model_id: z.string(),
    samples: z.int().meta({ description: "Samples fitted: the benchmark's and every stored correction." }),
    feedback_samples: z.int().meta({ description: "Of those, corrections stored by reviewers." }),
    model: z.record(z.string(), z.unknown()).meta({ description: "The piecewise-linear calibration now in force." }),
  })
  .meta({ id: "CalibrateResult" });
