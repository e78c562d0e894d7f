import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../simulator';
import { indexWords, ruleWriteSchema, type RuleWriteInput } from '../contract';
import { RuleRepository } from '../db/rules/rule-repository';
import { buildBatchMessage, renderMessage } from '../server/notifications/message';
import { BERLIN, seedQueries, startRunnerFixture, type RunnerFixture } from './runner-test-kit';

// Rules as the runner stores a batch, against the simulated site: a hide rule that reads only the
// card acts before the details are fetched (no request for the jobs it hides), one that reads the
// description acts once they are, and the batch's message counts what rules hid.

const DETAILS = '/jobs-guest/jobs/api/jobPosting/';

let sim: Simulator;
let fx: RunnerFixture;
beforeEach(async () => {
  sim = await startSimulator({ jobCount: 600, jobsPerQuery: 120 });
  fx = await startRunnerFixture(sim.url, { now: () => sim.clock.now() });
});
afterEach(async () => {
  await fx.close();
  await sim.close();
});

/** A rule stored as `POST /rules` stores it (at the end of the list). */
function addRule(rule: RuleWriteInput): number {
  return new RuleRepository(fx.database.sqlite).create(ruleWriteSchema.parse(rule), 0).id;
}

const jobRow = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  details_fetched_at: z.number().nullable(),
  state: z.string(),
  hidden_by_rule_id: z.number().nullable(),
  muted_by_rule_id: z.number().nullable(),
});
const storedJobs = () =>
  fx.database.sqlite
    .prepare(
      `SELECT id, title, details_fetched_at, state, hidden_by_rule_id, muted_by_rule_id,
         (SELECT d.description FROM job_descriptions d WHERE d.job_id = jobs.id) AS description
       FROM jobs`,
    )
    .all()
    .map((r) => jobRow.parse(r));

async function runBatch(): Promise<number> {
  const result = await fx.runner.start('manual');
  if (!result.claimed) throw new Error(`batch not started: ${result.reason}`);
  await fx.runner.idle();
  return result.batch.id;
}

const detailRequests = () =>
  new Set(
    sim.requests.filter((r) => r.path.startsWith(DETAILS)).map((r) => r.path.slice(DETAILS.length)),
  );
const hasWord = (text: string, word: string) => indexWords(text).includes(word);
const hasPhrase = (text: string, phrase: string) =>
  ` ${indexWords(text).join(' ')} `.includes(` ${phrase} `);

describe('rules in a batch', () => {
  it('hides on the card: no detail request for the jobs it hides, the others enriched', async () => {
    seedQueries(fx.database, [{ jobTitle: 'engineer', ...BERLIN }]);
    const rule = addRule({
      name: 'No senior roles',
      conditions: [{ field: 'title', value: 'senior' }],
      action: 'hide',
    });
    const batch = await runBatch();
    const jobs = storedJobs();
    const senior = jobs.filter((j) => hasWord(j.title, 'senior'));
    const others = jobs.filter((j) => !hasWord(j.title, 'senior'));
    expect(senior.length).toBeGreaterThan(0);
    expect(others.length).toBeGreaterThan(0);
    for (const j of senior) {
      expect(j).toMatchObject({
        state: 'hidden',
        hidden_by_rule_id: rule,
        details_fetched_at: null,
      });
    }
    const fetched = detailRequests();
    for (const j of senior) expect(fetched.has(j.id)).toBe(false);
    for (const j of others) expect(j.details_fetched_at).not.toBeNull();
    expect(fetched.size).toBe(others.length);

    const message = buildBatchMessage(fx.database.sqlite, batch, 'batch_finished', {
      siteName: 'LinkedIn',
      publicUrl: undefined,
    });
    expect(message.new_jobs_count).toBe(jobs.length);
    expect(message.hidden_by_rules_count).toBe(senior.length);
    expect(message.listed_jobs_count).toBe(others.length);
    for (const listed of message.new_jobs) expect(hasWord(listed.title, 'senior')).toBe(false);
    const rendered = renderMessage(message);
    const newJobs = jobs.length - message.reposts_count;
    expect(rendered.title).toContain(`${newJobs} new jobs`);
    expect(rendered.title).toContain(`(${senior.length} hidden by rules)`);
  });

  it('acts on the description once it is fetched, and flags and mutes', async () => {
    seedQueries(fx.database, [{ jobTitle: 'engineer', ...BERLIN }]);
    // A phrase of some of the simulated descriptions' requirements, not all.
    const phrase = 'distributed systems';
    const hide = addRule({
      name: 'No k8s',
      conditions: [{ field: 'description', value: `"${phrase}"` }],
      action: 'hide',
    });
    const mute = addRule({
      name: 'Quiet leads',
      conditions: [{ field: 'title', value: 'lead*' }],
      action: 'mute',
    });
    const flag = addRule({
      name: 'Staff',
      conditions: [{ field: 'title', value: 'staff' }],
      action: 'flag',
    });
    const batch = await runBatch();
    const jobs = storedJobs();
    const byDescription = jobs.filter((j) => hasPhrase(j.description ?? '', phrase));
    expect(byDescription.length).toBeGreaterThan(0);
    expect(byDescription.length).toBeLessThan(jobs.length);
    for (const j of jobs) {
      const hidden = byDescription.includes(j);
      expect(j.state).toBe(hidden ? 'hidden' : 'new');
      expect(j.hidden_by_rule_id).toBe(hidden ? hide : null);
      // The description rule needed the details: they were fetched.
      expect(j.details_fetched_at).not.toBeNull();
      const leads = indexWords(j.title).some((w) => w.startsWith('lead'));
      expect(j.muted_by_rule_id).toBe(leads ? mute : null);
    }
    const flagged = fx.database.sqlite
      .prepare('SELECT job_id FROM job_flags WHERE rule_id = ?')
      .all(flag)
      .map((r) => z.object({ job_id: z.string() }).parse(r).job_id)
      .sort();
    expect(flagged).toEqual(
      jobs
        .filter((j) => hasWord(j.title, 'staff'))
        .map((j) => j.id)
        .sort(),
    );
    const message = buildBatchMessage(fx.database.sqlite, batch, 'batch_finished', {
      siteName: 'LinkedIn',
      publicUrl: undefined,
    });
    const muted = jobs.filter((j) => j.muted_by_rule_id !== null && j.state !== 'hidden');
    expect(message.hidden_by_rules_count).toBe(byDescription.length);
    expect(message.listed_jobs_count).toBe(
      jobs.filter((j) => j.state !== 'hidden' && j.muted_by_rule_id === null).length,
    );
    expect(muted.length).toBeGreaterThan(0);
    const mutedIds = new Set(muted.map((j) => j.id));
    for (const listed of message.new_jobs) expect(mutedIds.has(listed.id)).toBe(false);
  });

  it('leaves jobs already stored alone: rules act on new jobs', async () => {
    seedQueries(fx.database, [{ jobTitle: 'engineer', ...BERLIN }]);
    await runBatch();
    addRule({
      name: 'No senior roles',
      conditions: [{ field: 'title', value: 'senior' }],
      action: 'hide',
    });
    await runBatch();
    expect(storedJobs().filter((j) => j.state === 'hidden')).toEqual([]);
  });
});
