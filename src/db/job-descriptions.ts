// The job descriptions' SQL lives with the jobs group (src/db/jobs/, decision 052). This path
// stays only for src/server/rules/stored-jobs.ts until the rules' statements move to src/db/rules.
export { jobDescriptionSql } from './jobs/job-descriptions';
