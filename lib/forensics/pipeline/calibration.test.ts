import { describe, expect, it } from "vitest";
import { applyCalibration, fitCalibration, IDENTITY_CALIBRATION } from "./calibration";

describe("calibration", () => {
  it("interpolates between knots and clamps outside them", () => {
    const m = {
      points: [
        { x: 0.2, y: 0.1 },
        { x: 0.6, y: 0.5 },
        { x: 1, y: 0.9 },
      ],
    };
    expect(applyCalibration(m, 0.4)).toBeCloseTo(0.3);
    expect(applyCalibration(m, 0.1)).toBeCloseTo(0.1);
    expect(applyCalibration(m, 1.5)).toBeCloseTo(0.9);
    expect(applyCalibration(undefined, 0.42)).toBeCloseTo(0.42);
    expect(applyCalibration(IDENTITY_CALIBRATION, 0.42)).toBeCloseTo(0.42);
  });

  it("fits a monotone map within 0..1 that follows the observed accuracy", () => {
    // An over-confident engine: says 0.9 but is right 60 % of the time; says 0.5 and is right 50 %.
    const samples = [
      ...Array.from({ length: 50 }, (_, i) => ({ predicted: 0.9, correct: i < 30 })),
      ...Array.from({ length: 50 }, (_, i) => ({ predicted: 0.5, correct: i < 25 })),
      ...Array.from({ length: 50 }, (_, i) => ({ predicted: 0.2, correct: i < 5 })),
    ];
    const m = fitCalibration(samples);
    const ys = m.points.map((p) => p.y);
    const xs = m.points.map((p) => p.x);
    expect([...ys].sort((a, b) => a - b)).toEqual(ys);
    expect([...xs].sort((a, b) => a - b)).toEqual(xs);
    expect(Math.min(...ys)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...ys)).toBeLessThanOrEqual(1);
    expect(applyCalibration(m, 0.9)).toBeGreaterThan(0.55);
    expect(applyCalibration(m, 0.9)).toBeLessThan(0.7);
    expect(applyCalibration(m, 0.5)).toBeCloseTo(0.5, 1);
  });

  it("pools violations of monotonicity", () => {
    const m = fitCalibration([
      ...Array.from({ length: 20 }, () => ({ predicted: 0.3, correct: true })),
      ...Array.from({ length: 20 }, () => ({ predicted: 0.7, correct: false })),
    ]);
    expect(applyCalibration(m, 0.3)).toBeCloseTo(applyCalibration(m, 0.7), 5);
  });

  it("a few samples nudge, not snap, and none leaves the identity", () => {
    expect(fitCalibration([])).toEqual(IDENTITY_CALIBRATION);
    const m = fitCalibration([{ predicted: 0.8, correct: false }]);
    expect(applyCalibration(m, 0.8)).toBeGreaterThan(0.4);
  });
});
