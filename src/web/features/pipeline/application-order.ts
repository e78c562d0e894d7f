import {
  APPLICATION_STAGES,
  type Application,
  type ApplicationStage,
} from '../../../contract/pipeline';

/** The stage a phone opens on: the first that holds a card, else Saved. */
export function firstStageWithCards(
  columns: ReadonlyMap<ApplicationStage, readonly Application[]>,
): ApplicationStage {
  return APPLICATION_STAGES.find((s) => (columns.get(s)?.length ?? 0) > 0) ?? 'saved';
}

/** The cards of each stage, every stage present (an empty one with no cards), in board order. */
export function byStage(items: readonly Application[]): Map<ApplicationStage, Application[]> {
  const columns = new Map<ApplicationStage, Application[]>(APPLICATION_STAGES.map((s) => [s, []]));
  for (const item of items) columns.get(item.stage)?.push(item);
  for (const cards of columns.values()) cards.sort(byAttention);
  return columns;
}

/**
 * An application's times as numbers, read once per object: a move re-sorts 2,000 cards whose
 * objects are the same as before but one, and must show within 100 ms (decision 059).
 */
const times = new WeakMap<Application, { next: number | null; since: number }>();
function timesOf(a: Application): { next: number | null; since: number } {
  let known = times.get(a);
  if (!known) {
    known = {
      next: a.next_step ? Date.parse(a.next_step.at) : null,
      since: Date.parse(a.stage_since),
    };
    times.set(a, known);
  }
  return known;
}

const nextStepTime = (a: Application): number | null => timesOf(a).next;

/**
 * Inside a column, what needs the operator first: the soonest next step (overdue ones on top),
 * then the cards without one, longest in the stage first.
 */
function byAttention(a: Application, b: Application): number {
  const x = nextStepTime(a);
  const y = nextStepTime(b);
  if (x !== null && y !== null && x !== y) return x - y;
  if ((x === null) !== (y === null)) return x === null ? 1 : -1;
  return timesOf(a).since - timesOf(b).since || a.job_id - b.job_id;
}

export type TableSortKey = 'next_step' | 'stage' | 'stage_since';

export interface TableSort {
  key: TableSortKey;
  descending: boolean;
}

/** The table opens on what comes next: the soonest next step first. */
export const DEFAULT_TABLE_SORT: TableSort = { key: 'next_step', descending: false };

function sortValue(a: Application, key: TableSortKey): number | null {
  if (key === 'next_step') return nextStepTime(a);
  if (key === 'stage') return APPLICATION_STAGES.indexOf(a.stage);
  return timesOf(a).since;
}

/**
 * The table's rows in the chosen order. An application without a next step goes last whichever
 * way; ties keep the board's order (soonest next step, then longest in the stage).
 */
export function sortApplications(rows: readonly Application[], sort: TableSort): Application[] {
  return [...rows].sort((a, b) => {
    const x = sortValue(a, sort.key);
    const y = sortValue(b, sort.key);
    if (x === null || y === null) return x === y ? byAttention(a, b) : x === null ? 1 : -1;
    return (sort.descending ? y - x : x - y) || byAttention(a, b);
  });
}

/** A header pressed: the same column turns around; another starts ascending. */
export function nextTableSort(current: TableSort, key: TableSortKey): TableSort {
  return current.key === key
    ? { key, descending: !current.descending }
    : { key, descending: false };
}
