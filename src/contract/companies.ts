import { z } from 'zod/mini';

export const bannedCompanySchema = z.object({
  id: z.int(),
  normalized_name: z.string(),
});
export type BannedCompany = z.infer<typeof bannedCompanySchema>;
export const bannedCompanyListSchema = z.array(bannedCompanySchema);

export const banResponseSchema = bannedCompanySchema;
export const unbanResponseSchema = z.object({ success: z.literal(true) });
