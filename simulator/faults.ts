/**
 * Faults the simulated site can be told to produce, per test and at run time. A rule applies
 * to requests whose path starts with `pathPrefix` (every path when absent), for the next
 * `count` such requests (until cleared when absent), so bursts are countable.
 */
export type FaultSpec =
  | {
      kind: 'status';
      status: number;
      retryAfterSeconds?: number;
      retryAfterAsDate?: boolean;
      pathPrefix?: string;
      count?: number;
    }
  | { kind: 'drop'; pathPrefix?: string; count?: number }
  | { kind: 'authwall'; pathPrefix?: string; count?: number }
  | { kind: 'latency'; ms: number; pathPrefix?: string; count?: number }
  | { kind: 'changed-markup'; pathPrefix?: string; count?: number }
  | { kind: 'dropped-field'; field: DroppedField; pathPrefix?: string; count?: number };

/**
 * A field the site can stop giving while everything else still parses (issue 32's markup drift):
 * the guest cards' and the details page's element for it is left out of the answer.
 */
export type DroppedField =
  'salary' | 'posted' | 'location' | 'company-link' | 'criteria' | 'applicants';

interface Rule {
  spec: FaultSpec;
  remaining: number;
}

type Answering = Extract<FaultSpec, { kind: 'status' | 'drop' | 'authwall' }>;

export interface FaultDecision {
  latencyMs: number;
  changedMarkup: boolean;
  /** Fields left out of the answer's markup. */
  droppedFields: DroppedField[];
  /** A fault that replaces the normal answer. */
  answer?: Answering;
}

export interface BurstOptions {
  pathPrefix?: string;
}

export interface Faults {
  add(spec: FaultSpec): void;
  /** The next `count` matching requests answer 429 (or `status`), with or without Retry-After. */
  rateLimit(
    count: number,
    options?: BurstOptions & {
      status?: 429 | 999;
      retryAfterSeconds?: number;
      retryAfterAsDate?: boolean;
    },
  ): void;
  /** The next `count` matching requests answer 500 (or another 5xx). */
  serverError(count: number, options?: BurstOptions & { status?: number }): void;
  /** The next `count` matching requests have their connection destroyed without an answer. */
  drop(count: number, options?: BurstOptions): void;
  /** Matching requests redirect to /authwall (until cleared, or for `count` requests). */
  authWall(options?: BurstOptions & { count?: number }): void;
  /** Matching requests are answered `ms` late. */
  latency(ms: number, options?: BurstOptions & { count?: number }): void;
  /** Matching answers use renamed class names and component keys. */
  changedMarkup(options?: BurstOptions & { count?: number }): void;
  /** Matching answers leave out one field's element (until cleared, or for `count` requests). */
  dropField(field: DroppedField, options?: BurstOptions & { count?: number }): void;
  clear(): void;
  /** Decides (and consumes) the faults for one request. */
  take(path: string): FaultDecision;
  readonly pending: number;
}

export function createFaults(): Faults {
  let rules: Rule[] = [];
  const add = (spec: FaultSpec): void => {
    rules.push({ spec, remaining: spec.count ?? Number.POSITIVE_INFINITY });
  };
  const matches = (rule: Rule, path: string): boolean =>
    rule.remaining > 0 &&
    (rule.spec.pathPrefix === undefined || path.startsWith(rule.spec.pathPrefix));
  return {
    add,
    rateLimit(count, options = {}) {
      add({ ...options, kind: 'status', status: options.status ?? 429, count });
    },
    serverError(count, options = {}) {
      add({
        kind: 'status',
        status: options.status ?? 500,
        count,
        ...(options.pathPrefix ? { pathPrefix: options.pathPrefix } : {}),
      });
    },
    drop(count, options = {}) {
      add({ ...options, kind: 'drop', count });
    },
    authWall(options = {}) {
      add({ ...options, kind: 'authwall' });
    },
    latency(ms, options = {}) {
      add({ ...options, kind: 'latency', ms });
    },
    changedMarkup(options = {}) {
      add({ ...options, kind: 'changed-markup' });
    },
    dropField(field, options = {}) {
      add({ ...options, kind: 'dropped-field', field });
    },
    clear() {
      rules = [];
    },
    take(path) {
      const decision: FaultDecision = { latencyMs: 0, changedMarkup: false, droppedFields: [] };
      for (const rule of rules) {
        if (!matches(rule, path)) continue;
        const { spec } = rule;
        if (spec.kind === 'latency') {
          decision.latencyMs += spec.ms;
        } else if (spec.kind === 'changed-markup') {
          decision.changedMarkup = true;
        } else if (spec.kind === 'dropped-field') {
          decision.droppedFields.push(spec.field);
        } else if (decision.answer) {
          continue;
        } else {
          decision.answer = spec;
        }
        rule.remaining -= 1;
      }
      rules = rules.filter((r) => r.remaining > 0);
      return decision;
    },
    get pending() {
      return rules.length;
    },
  };
}

/** How "changed markup" rewrites an answer: the class names and keys the scraper relies on. */
export const MARKUP_RENAMES: ReadonlyArray<[RegExp, string]> = [
  [/base-search-card__title/g, 'base-search-card__headline'],
  [/base-search-card__subtitle/g, 'base-search-card__org'],
  [/job-search-card__location/g, 'job-search-card__place'],
  [/top-card-layout__title/g, 'top-card-layout__headline'],
  [/show-more-less-html__markup/g, 'show-more-less-html__content'],
  // The parsers fall back to these older class names too, so they change as well.
  [/topcard__title/g, 'topcard__headline'],
  [/description__text/g, 'description__body'],
  [/job-card-component-ref-/g, 'jobCardRef_'],
];

export function applyChangedMarkup(body: string): string {
  return MARKUP_RENAMES.reduce(
    (text, [pattern, replacement]) => text.replace(pattern, replacement),
    body,
  );
}

/**
 * How a dropped field leaves the markup, on the guest cards and the details page alike: its
 * element goes (a company link leaves its name as plain text), everything else stays as it was.
 */
const FIELD_ELEMENTS: Record<DroppedField, ReadonlyArray<[RegExp, string]>> = {
  salary: [
    [/\s*<span class="job-search-card__salary-info">[\s\S]*?<\/span>/g, ''],
    [/<section class="compensation[\s\S]*?<\/section>/g, ''],
  ],
  posted: [
    [/<time class="job-search-card__listdate[^"]*" datetime="[^"]*">[\s\S]*?<\/time>/g, ''],
    [/<span class="posted-time-ago__text[^"]*">[\s\S]*?<\/span>/g, ''],
  ],
  location: [
    [/<span class="job-search-card__location">[\s\S]*?<\/span>/g, ''],
    [/<span class="topcard__flavor topcard__flavor--bullet">[\s\S]*?<\/span>/g, ''],
  ],
  'company-link': [
    [/<a class="hidden-nested-link"[^>]*>([\s\S]*?)<\/a>/g, '$1'],
    [/<a class="topcard__org-name-link[^>]*>([\s\S]*?)<\/a>/g, '$1'],
  ],
  criteria: [[/<li class="description__job-criteria-item">[\s\S]*?<\/li>/g, '']],
  applicants: [
    [/<figure class="num-applicants__figure[\s\S]*?<\/figure>/g, ''],
    [/<span class="num-applicants__caption[^"]*">[\s\S]*?<\/span>/g, ''],
  ],
};

export function applyDroppedFields(body: string, fields: readonly DroppedField[]): string {
  return fields
    .flatMap((field) => FIELD_ELEMENTS[field])
    .reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), body);
}
