import { z } from "zod";

/** Path parameters of /dashboard/verification/{verification_id}/… and /verify/{verification_id}/…. */
export const VerificationParams = z.object({ verification_id: z.string().min(1).max(100) });
export const PageParams = VerificationParams.extend({ page: z.coerce.number().int().min(1).max(1000) });
export type VerificationRouteParams = { verification_id: string };
export type PageRouteParams = { verification_id: string; page: string };
