// Colours and type of the generated documents (PDF report, badge, social image): one palette.
import type { Verdict } from "../forensics/types";

export const VERDICT_COLORS: Record<Verdict, string> = {
  VERIFIED: "#15803d",
  "VERIFIED SAMPLE": "#0f766e",
  SUSPECT: "#b45309",
  REJECTED: "#b91c1c",
  NOT_CREDENTIAL: "#475569",
  MANUAL_REVIEW: "#1d4ed8",
};

export const VERDICT_LABELS: Record<Verdict, string> = {
  VERIFIED: "Verified",
  "VERIFIED SAMPLE": "Verified sample",
  SUSPECT: "Suspect",
  REJECTED: "Rejected",
  NOT_CREDENTIAL: "Not a credential",
  MANUAL_REVIEW: "Manual review",
};

export const SEVERITY_COLORS = {
  info: "#64748b",
  low: "#0891b2",
  medium: "#d97706",
  high: "#dc2626",
  critical: "#7f1d1d",
} as const;

export const percent = (confidence: number) => `${Math.round(confidence * 100)} %`;

export const docTypeLabel = (docType: string | null | undefined) => (docType ?? "other").replace(/_/g, " ");
