// Calibration: a monotone piecewise-linear map from the fused raw confidence to the probability
// that the verdict is right, refit by /dashboard/calibrate from reviewers' feedback.
import type { CalibrationModel } from "../types";

export const IDENTITY_CALIBRATION: CalibrationModel = {
  points: [
    { x: 0, y: 0 },
    { x: 1, y: 1 },
  ],
};

/** Interpolates between knots (sorted by x); outside the knots the end values hold. */
export function applyCalibration(model: CalibrationModel | undefined, x: number): number {
  const v = clamp01(x);
  const pts = (model?.points ?? [])
    .filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y))
    .sort((a, b) => a.x - b.x);
  if (pts.length === 0) return v;
  if (v <= pts[0].x) return clamp01(pts[0].y);
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1];
    const b = pts[i];
    if (v <= b.x) {
      const t = b.x === a.x ? 1 : (v - a.x) / (b.x - a.x);
      return clamp01(a.y + t * (b.y - a.y));
    }
  }
  return clamp01(pts[pts.length - 1].y);
}

/**
 * Isotonic regression (pool-adjacent-violators) of correctness on predicted confidence. Each
 * pooled block is pulled toward the diagonal by PRIOR_WEIGHT pseudo-samples, so a handful of
 * feedback items nudges the curve instead of snapping it to 0 or 1.
 */
const PRIOR_WEIGHT = 2;

export function fitCalibration(samples: Array<{ predicted: number; correct: boolean }>): CalibrationModel {
  const clean = samples
    .filter((s) => Number.isFinite(s.predicted))
    .map((s) => ({ x: clamp01(s.predicted), y: s.correct ? 1 : 0 }))
    .sort((a, b) => a.x - b.x);
  if (clean.length === 0) return IDENTITY_CALIBRATION;

  const blocks = pool(clean.map((s) => ({ sumX: s.x, sumY: s.y, w: 1 })));
  const shrunk = pool(
    blocks.map((b) => {
      const x = b.sumX / b.w;
      return { sumX: b.sumX + PRIOR_WEIGHT * x, sumY: b.sumY + PRIOR_WEIGHT * x, w: b.w + PRIOR_WEIGHT };
    }),
  );
  const points = shrunk.map((b) => ({ x: round(b.sumX / b.w), y: round(clamp01(b.sumY / b.w)) }));
  // Knots at 0 and 1 make the map explicit over the whole range; beyond the observed predictions
  // isotonic regression knows nothing more, so the curve stays flat there.
  if (points[0].x > 0) points.unshift({ x: 0, y: points[0].y });
  if (points[points.length - 1].x < 1) points.push({ x: 1, y: points[points.length - 1].y });
  return { points: dedupe(points) };
}

interface Block {
  sumX: number;
  sumY: number;
  w: number;
}

function pool(input: Block[]): Block[] {
  const stack: Block[] = [];
  for (const b of input) {
    stack.push({ ...b });
    while (stack.length > 1) {
      const top = stack[stack.length - 1];
      const prev = stack[stack.length - 2];
      if (prev.sumY / prev.w <= top.sumY / top.w) break;
      stack.splice(stack.length - 2, 2, { sumX: prev.sumX + top.sumX, sumY: prev.sumY + top.sumY, w: prev.w + top.w });
    }
  }
  return stack;
}

function dedupe(points: Array<{ x: number; y: number }>): Array<{ x: number; y: number }> {
  const out: Array<{ x: number; y: number }> = [];
  for (const p of points) {
    const last = out[out.length - 1];
    if (last && last.x === p.x) last.y = Math.max(last.y, p.y);
    else out.push({ ...p });
  }
  return out;
}

function clamp01(v: number): number {
  return Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0;
}

function round(v: number): number {
  return Math.round(v * 10000) / 10000;
}
