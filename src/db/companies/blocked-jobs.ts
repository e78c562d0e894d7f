// Which jobs belong to a blocked company, as SQL over `jobs j` and banned_companies: every
// statement that leaves blocked jobs out (the runner's, the lists', the exports', the messages')
// reads it from here.

/** Jobs whose company is blocked: by id, or by normalised name where the id is unknown. */
export const BLOCKED_JOB_SQL = `(
  EXISTS (SELECT 1 FROM banned_companies b WHERE b.id = j.company_id)
  OR (j.company_id IS NULL AND j.company_normalized <> ''
      AND EXISTS (SELECT 1 FROM banned_companies b WHERE b.normalized_name = j.company_normalized))
)`;

/**
 * The same rule negated, written for a scan over many jobs (the Jobs list and its count): NOT IN
 * builds the block list into a lookup once per statement, where the EXISTS above runs two
 * subqueries per row. Both give the same answer (blocked-jobs.test.ts).
 */
export const NOT_BLOCKED_JOB_SQL = `(
  (j.company_id IS NULL OR j.company_id NOT IN (SELECT id FROM banned_companies))
  AND (j.company_id IS NOT NULL OR j.company_normalized = ''
       OR j.company_normalized NOT IN (SELECT normalized_name FROM banned_companies))
)`;
