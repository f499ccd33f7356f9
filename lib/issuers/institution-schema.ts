import { z } from "zod";

const DOMAIN = /^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const institutionDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((d) => d.replace(/^www\./, "").replace(/\.$/, ""))
  .refine((d) => DOMAIN.test(d), "must be a domain name such as uni.example.edu");

export const AddInstitutionRequest = z
  .strictObject({
    name: z.string().trim().min(2).max(200),
    domains: z.array(institutionDomainSchema).min(1).max(20),
  })
  .meta({ id: "AddInstitutionRequest" });

export const institutionSchema = z
  .object({
    institution_id: z.string(),
    name: z.string(),
    domains: z.array(z.string()),
    created_by: z.string(),
    verified_at: z.string().meta({ format: "date-time" }).nullable(),
    created_at: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "Institution" });
