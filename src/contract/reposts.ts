import { z } from 'zod/mini';

// Reposts (issue 17, docs/decisions/035): the operator's one setting for them.

export const repostSettingsSchema = z.object({
  /**
   * Triage carries over to a repost (default on): a repost of a hidden job is hidden, of an
   * applied one reads "applied before" and is not new (seen), of a saved one stays saved.
   */
  carry_over_triage: z.boolean(),
});
export type RepostSettings = z.infer<typeof repostSettingsSchema>;

export const repostSettingsBodySchema = z.strictObject(
  { carry_over_triage: z.boolean({ error: 'carry_over_triage must be true or false' }) },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Request body has unknown ${issue.keys.length === 1 ? 'key' : 'keys'} ${issue.keys.join(', ')}; send {carry_over_triage}`
        : 'Request body must be {carry_over_triage}',
  },
);
export type RepostSettingsBody = z.infer<typeof repostSettingsBodySchema>;
