import {
  APPLICATION_STAGE_LABELS,
  APPLICATION_STAGES,
  type ApplicationStage,
} from '../src/contract/pipeline';
import type { OpenedDatabase } from '../src/db/database';
import { Pipeline } from '../src/db/pipeline/pipeline';
import {
  pipelineCandidates,
  seedApplications,
  type DemoCandidate,
  type SeedApplication,
  type SeedApplicationEvent,
} from '../src/db/pipeline/demo-seed';

// `npm run demo`'s pipeline (issue 33): every job the history's triage saved or applied to is on
// the board (decision 056), and after the batches some 40 of them are taken on through every
// stage, each with the weeks of history that brought it there, notes (one with a link), contacts,
// references, salaries, and next steps: most in the coming days, one overdue. Made from the jobs'
// own order, so a demo is the same each time its history is.

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** How many applications end in each stage: 40 in all, most of them still open. */
export const DEMO_PIPELINE_STAGES: Readonly<Record<ApplicationStage, number>> = {
  saved: 6,
  applied: 9,
  screening: 5,
  interviewing: 5,
  offer: 2,
  accepted: 1,
  rejected: 6,
  withdrawn: 2,
  no_answer: 4,
};
export const DEMO_PIPELINE_SIZE = Object.values(DEMO_PIPELINE_STAGES).reduce((a, b) => a + b, 0);
/** Weeks after applying with no word: No answer, as the product would set it (its default). */
const NO_ANSWER_DAYS = 30;

export const DEMO_LINK_NOTE =
  'Read their engineering blog before the call: https://engineering.example.com/blog/how-we-ship\nAsk about the on-call rota.';
export const DEMO_OVERDUE_STEP = 'Follow up with the recruiter';

const NOTES = [
  'Referred by a former colleague.',
  'Team of six, hybrid two days a week.',
  'Recruiter said the process is three rounds.',
  'Take-home task expected after the screen.',
  'Relocation package mentioned in the posting.',
  'Salary band not public; ask in the first call.',
];

const RECRUITERS = [
  { name: 'Mara Jensen', email: 'mara.jensen@talent.example.com' },
  { name: 'Tomás Ruiz', email: 'tomas.ruiz@hiring.example.com' },
  { name: 'Priya Nair', email: 'priya.nair@careers.example.com' },
  { name: 'Jonas Weber', email: 'jonas.weber@jobs.example.com' },
];
const MANAGERS = [
  { name: 'Elena Rossi', url: 'https://www.linkedin.com/in/elena-rossi-example' },
  { name: 'David Okafor', url: 'https://www.linkedin.com/in/david-okafor-example' },
  { name: 'Lena Fischer', url: 'https://www.linkedin.com/in/lena-fischer-example' },
];

const NEXT_STEPS: Partial<Record<ApplicationStage, string>> = {
  saved: 'Apply before the posting closes',
  applied: 'Follow up',
  screening: 'Phone screen',
  interviewing: 'Technical interview',
  offer: 'Offer call',
};

/** The stages an application went through to end in `stage` (the `variant`-th of its kind). */
export function demoPath(stage: ApplicationStage, variant: number): ApplicationStage[] {
  const open: ApplicationStage[] = ['saved', 'applied', 'screening', 'interviewing', 'offer'];
  switch (stage) {
    case 'accepted':
      return [...open, 'accepted'];
    case 'rejected':
      // Turned down at different points: after applying, after the screen, after interviews.
      return [...open.slice(0, 2 + (variant % 3)), 'rejected'];
    case 'withdrawn':
      return [...open.slice(0, 3), 'withdrawn'];
    case 'no_answer':
      return ['saved', 'applied', 'no_answer'];
    default:
      return open.slice(0, open.indexOf(stage) + 1);
  }
}

/** The final stages of the 40, in an order that mixes them: stage i of each in turn. */
function demoStages(): ApplicationStage[] {
  const left = { ...DEMO_PIPELINE_STAGES };
  const order: ApplicationStage[] = [];
  while (order.length < DEMO_PIPELINE_SIZE) {
    for (const stage of APPLICATION_STAGES) {
      if (left[stage] > 0) {
        order.push(stage);
        left[stage] -= 1;
      }
    }
  }
  return order;
}

/**
 * The history of the `index`-th application, `path` spread over its last weeks before `now`
 * (No answer thirty days after Applied), then fitted between the job's first sighting and now:
 * nobody applies to a job before it was found.
 */
function history(
  path: readonly ApplicationStage[],
  index: number,
  firstSeenAt: number,
  now: number,
): SeedApplicationEvent[] {
  const last = path.at(-1);
  const startDaysAgo =
    last === 'no_answer' ? NO_ANSWER_DAYS + 5 + (index % 10) : 4 + ((index * 7) % 38);
  const gap = last === 'no_answer' ? 1 : Math.max(1, Math.floor(startDaysAgo / (path.length + 1)));
  const start = now - startDaysAgo * DAY_MS - ((index * 53) % 480) * 60_000;
  const times = path.map((stage, s) =>
    stage === 'no_answer' ? start + (gap + NO_ANSWER_DAYS) * DAY_MS : start + s * gap * DAY_MS,
  );
  const floor = firstSeenAt + HOUR_MS;
  const fit = (at: number) =>
    start >= floor ? at : Math.round(floor + ((at - start) * (now - floor)) / (now - start));
  return path.map((stage, s) => ({
    stage,
    at: fit(times[s] ?? start),
    ...(stage === 'no_answer' ? { source: 'product' as const } : {}),
  }));
}

function application(
  candidate: DemoCandidate,
  stage: ApplicationStage,
  index: number,
  variant: number,
  now: number,
): SeedApplication {
  const path = demoPath(stage, variant);
  const reached = (s: ApplicationStage) => path.includes(s);
  const open = !['accepted', 'rejected', 'withdrawn', 'no_answer'].includes(stage);
  const recruiter = RECRUITERS[index % RECRUITERS.length];
  const manager = MANAGERS[index % MANAGERS.length];
  const what = NEXT_STEPS[stage];
  // The first Applied one is overdue: its follow-up was yesterday.
  const overdue = stage === 'applied' && variant === 0;
  const nextStepAt = overdue
    ? now - DAY_MS
    : now + (1 + (index % 6)) * DAY_MS + (index % 3) * HOUR_MS;
  return {
    jobId: candidate.id,
    history: history(path, index, candidate.first_seen_at, now),
    notes:
      stage === 'interviewing' && variant === 0
        ? DEMO_LINK_NOTE
        : index % 3 === 2
          ? ''
          : (NOTES[index % NOTES.length] ?? ''),
    reference: reached('applied')
      ? index % 2 === 0
        ? `https://careers.example.com/applications/${candidate.id}`
        : `REF-${candidate.id.slice(-6)}`
      : null,
    salaryAsked: reached('screening') ? `€${70 + (index % 5) * 5},000` : null,
    salaryOffered: reached('offer') ? `€${72 + (index % 5) * 5},000` : null,
    nextStep:
      open && what !== undefined && (overdue || index % 4 !== 3)
        ? { at: nextStepAt, what: overdue ? DEMO_OVERDUE_STEP : what }
        : null,
    contacts: [
      ...(reached('screening') && recruiter ? [{ ...recruiter, role: 'Recruiter' }] : []),
      ...(reached('interviewing') && manager ? [{ ...manager, role: 'Hiring manager' }] : []),
    ],
  };
}

/** The demo's applications for `candidates` (oldest job first: it gets the longest history). */
export function planPipeline(candidates: readonly DemoCandidate[], now: number): SeedApplication[] {
  const stages = demoStages();
  // The longest histories (No answer, the closed ones) go to the jobs found first.
  const byAge = [...stages.keys()].sort(
    (a, b) => Number(stages[b] === 'no_answer') - Number(stages[a] === 'no_answer') || a - b,
  );
  const seen = new Map<ApplicationStage, number>();
  const plans: SeedApplication[] = [];
  byAge.forEach((index, rank) => {
    const candidate = candidates[rank];
    const stage = stages[index];
    if (candidate === undefined || stage === undefined) return;
    const variant = seen.get(stage) ?? 0;
    seen.set(stage, variant + 1);
    plans.push(application(candidate, stage, index, variant, now));
  });
  return plans;
}

/** Puts up to DEMO_PIPELINE_SIZE of the demo's jobs into the pipeline; answers how many. */
export function fillPipeline(sqlite: OpenedDatabase['sqlite'], now: number): number {
  return seedApplications(
    sqlite,
    planPipeline(pipelineCandidates(sqlite, DEMO_PIPELINE_SIZE), now),
  );
}

/** The board as the database holds it: its applications (not taken off by triage) per stage. */
export type BoardCounts = Partial<Record<ApplicationStage, number>>;

export function readBoard(sqlite: OpenedDatabase['sqlite']): BoardCounts {
  const board: BoardCounts = {};
  for (const { stage } of new Pipeline(sqlite).list()) board[stage] = (board[stage] ?? 0) + 1;
  return board;
}

/**
 * What the demo did to the pipeline, in its own words (issue 39: it said "40 of them in the
 * pipeline" of a board holding 602): the board's figures as read, and how many have a history.
 */
export function describeBoard(board: BoardCounts, withHistory: number): string {
  const held = APPLICATION_STAGES.flatMap((stage) => {
    const n = board[stage] ?? 0;
    return n > 0 ? [{ stage, n }] : [];
  });
  const total = held.reduce((sum, { n }) => sum + n, 0);
  if (total === 0) return 'The Pipeline board is empty: the history saved and applied to no job.';
  const stages = held
    .map(({ stage, n }) => `${n.toLocaleString('en')} ${APPLICATION_STAGE_LABELS[stage]}`)
    .join(', ');
  return (
    `${total.toLocaleString('en')} ${total === 1 ? 'job' : 'jobs'} on the Pipeline board ` +
    `(${stages}): those the history's triage saved or applied to, ` +
    `${withHistory.toLocaleString('en')} of them with weeks of history behind them.`
  );
}
