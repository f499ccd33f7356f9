// The calibration a fresh server starts with: fitted on the benchmark's tuned corpora (the verdict
// each document got, raw confidence against right or wrong), written by
// `npm run bench:forensics -- --corpus synthetic,browser,office --fit-calibration`. Reviewers'
// corrections (/dashboard/calibrate) are fitted together with these samples, so a handful of
// corrections moves the curve without throwing the benchmark away.
import { fitCalibration } from "../forensics/pipeline/calibration";
import type { CalibrationModel } from "../forensics/types";
import measured from "./benchmark-samples.json";

export interface CalibrationSample {
  predicted: number;
  correct: boolean;
}

export interface BenchmarkSamples {
  engine_version: string;
  corpora: string[];
  seed: string;
  size: string;
  measured_at: string;
  /** [raw confidence, whether the verdict was right] per document. */
  samples: Array<[number, boolean]>;
}

export const benchmarkSamples: CalibrationSample[] = (measured as BenchmarkSamples).samples.map(
  ([predicted, correct]) => ({ predicted, correct }),
);

export const BENCHMARK_CALIBRATION: CalibrationModel = fitCalibration(benchmarkSamples);
