import { z } from "zod";

/** Path parameters of /dashboard/verification/{verification_id}/… and /verify/{verification_id}/…. */
export const VerificationParams = z.strictObject({
  verification_id: z
    .string()
    .min(1)
    .max(100)
    .meta({ description: "The verification's id (ver_…); unguessable, so it serves as the share link." }),
});
export const PageParams = VerificationParams.extend({
  page: z.coerce.number().int().min(1).max(1000).meta({ description: "Page number, from 1." }),
});
