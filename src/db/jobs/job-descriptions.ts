/**
 * A job's plain or sanitised description, for a query over `jobs j`: the texts live apart from
 * the job's row (migration 0015, docs/decisions/044) and are read by its key.
 */
export const jobDescriptionSql = (column: 'description' | 'description_html'): string =>
  `(SELECT d.${column} FROM job_descriptions d WHERE d.job_id = j.id)`;
