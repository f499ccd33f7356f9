// Free-text fields of request bodies, validated alike everywhere: trimmed, bounded, named in the
// message. An optional one sent empty is cleared (null), the way a form's emptied input means.
import { z } from "zod";

export const textField = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, { message: `${what} must be at most ${max} characters` });

export const optionalTextField = (max: number, what: string) =>
  textField(max, what)
    .transform((s) => (s === "" ? null : s))
    .nullable()
    .optional();
