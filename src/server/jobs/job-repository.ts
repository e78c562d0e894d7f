import type { JobDetail, JobList, JobListQuery, JobState } from '../../contract';
import type { ConnectionLike } from '../../db/connection';
import { JobDetailReader } from '../../db/jobs/job-detail';
import { JobListReader } from '../../db/jobs/job-list';
import { JobQueryError } from '../../db/jobs/job-query';
import { ParallelRanker } from '../../db/jobs/parallel-rank';
import { HttpError } from '../plugins/errors';
import { JobRuleMarks } from '../../db/rules/job-rule-marks';
import { PipelineTriage } from '../../db/pipeline/triage-sync';
import { SecondOpinions } from '../../db/fit/second-opinions';

// The Jobs screen's reads and writes as its routes call them. The statements are the jobs
// group's (src/db/jobs/, decision 052); here the rules' marks are added to what they answer, and
// a list request the database cannot take (a cursor it did not give) becomes the API's 400.
// Triage goes through the pipeline's module: it keeps the job's application in step
// (docs/decisions/056).

export class JobRepository {
  private readonly jobs: JobListReader;
  private readonly details: JobDetailReader;
  private readonly states: PipelineTriage;
  private readonly ruleMarks: JobRuleMarks;
  private readonly opinions: SecondOpinions;

  constructor(connection: ConnectionLike, ranker = new ParallelRanker(connection)) {
    this.jobs = new JobListReader(connection, ranker);
    this.details = new JobDetailReader(connection);
    this.states = new PipelineTriage(connection);
    this.ruleMarks = new JobRuleMarks(connection);
    this.opinions = new SecondOpinions(connection);
  }

  /** Stops the thread ranking searches beside the server's (the server is closing). */
  close(): void {
    this.jobs.close();
  }

  /**
   * Before a search reads the index: the descriptions stored since it last took them go in
   * (docs/decisions/038), so a search finds every word of every stored description.
   */
  readyToSearch(query: { q?: string | undefined }): void {
    this.jobs.readyToSearch(query);
  }

  list(query: JobListQuery, now: number): JobList {
    let page: JobList;
    try {
      page = this.jobs.list(query, now);
    } catch (error) {
      if (error instanceof JobQueryError) throw new HttpError(400, error.message);
      throw error;
    }
    return { ...page, items: this.ruleMarks.fill(page.items) };
  }

  find(id: number): JobDetail | undefined {
    const job = this.details.find(id);
    if (job === undefined) return undefined;
    const [marked = job] = this.ruleMarks.fill([job]);
    // Issue 40: the language model's opinions beside the local scores (decision 067).
    return { ...marked, second_opinions: this.opinions.of(String(id)) };
  }

  /**
   * The state the job ends in: the one asked for, or its application's when triage may not move
   * it back (saved on an Interviewing job stays applied). Undefined when there is no such job.
   */
  setState(id: number, state: JobState, now: number): JobState | undefined {
    return this.states.setState(id, state, now);
  }

  /** How many of the jobs were set (those that exist; unknown ids are skipped). */
  setStates(ids: readonly number[], state: JobState, now: number): number {
    return this.states.setStates(ids, state, now);
  }
}
