// What a folder compares across its documents, and between which documents: a passport number is
// only compared with other passports, an institution only between a diploma and its transcript.
import type { AttributeKey } from "./summary-schema";
import { compareInstitutions } from "./compare-institutions";
import { compareNames, type NameMatch } from "./compare-names";
import { readDate } from "./read-date";

export interface Attribute {
  key: AttributeKey;
  label: string;
  scope: string;
  /** Doc types compared with each other; null: every document. Each type is its own group when `perType`. */
  docTypes: string[] | null;
  perType?: boolean;
  /** The value in a comparable form, or null when the document does not state it. */
  read: (fields: Record<string, unknown>) => { shown: string; key: string } | null;
  /** How two different keys relate; without it, different keys conflict. */
  compare?: (a: string, b: string) => NameMatch;
}

const EDUCATION = ["diploma", "transcript"];

const text = (value: unknown): string | null =>
  typeof value === "string" && value.trim() ? value.trim().replace(/\s+/g, " ") : null;

const asDate = (value: unknown) => {
  const day = readDate(value);
  return day ? { shown: day, key: day } : null;
};

export const ATTRIBUTES: Attribute[] = [
  {
    key: "holder_name",
    label: "Name",
    scope: "all documents",
    docTypes: null,
    read: (f) => {
      const name = text(f.holder_name);
      return name ? { shown: name, key: name.toLowerCase() } : null;
    },
    compare: compareNames,
  },
  {
    key: "date_of_birth",
    label: "Date of birth",
    scope: "all documents",
    docTypes: null,
    read: (f) => asDate(f.date_of_birth),
  },
  {
    key: "document_number",
    label: "Document number",
    scope: "documents of the same type",
    docTypes: ["passport", "id_card"],
    perType: true,
    read: (f) => {
      const number = text(f.document_number);
      return number ? { shown: number, key: number.toUpperCase().replace(/[\s-]/g, "") } : null;
    },
  },
  {
    key: "institution",
    label: "Institution",
    scope: "diplomas and transcripts",
    docTypes: EDUCATION,
    read: (f) => {
      const name = text(f.institution);
      return name ? { shown: name, key: name.toLowerCase() } : null;
    },
    compare: compareInstitutions,
  },
  {
    key: "graduation_date",
    label: "Graduation date",
    scope: "diplomas and transcripts",
    docTypes: EDUCATION,
    read: (f) => asDate(f.graduation_date),
  },
];
