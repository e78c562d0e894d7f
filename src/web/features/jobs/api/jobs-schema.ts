// The Jobs screen reads the API through the shared contract (src/contract/jobs.ts).
export {
  bulkJobStateResponseSchema,
  jobDetailSchema,
  jobFoundBySchema,
  jobListItemSchema,
  jobListSchema,
  jobStateResponseSchema,
  jobStateSchema,
} from '../../../../contract/jobs';
export type { JobDetail, JobList, JobListItem, JobState } from '../../../../contract/jobs';
