import type { JobWorkplace } from '../contract/workplace';
import type { WordRange } from './evidence';
import { findPhrases, type PhraseIndexes } from './phrases';
import { tokenize, type Tokens } from './tokens';

/** What a job has when it is scored: its card's fields, and its details once read. */
export interface FitJobInput {
  title: string;
  company: string | null;
  /** The location as the site writes it ("Berlin, Berlin, Germany", "Germany (Remote)"). */
  location: string | null;
  /** Where the work is done, when the search or the location said so (jobs.workplace). */
  workplace: JobWorkplace | null;
  /** The salary text as the site shows it ("€70,000.00/yr - €90,000.00/yr"). */
  salary: string | null;
  /** The site's seniority criterion ("Mid-Senior level"); null on a card. */
  seniority: string | null;
  /** The site's employment type ("Full-time", "Internship"); null on a card. */
  employmentType: string | null;
  /** The description as plain text; null while only the card is known. */
  description: string | null;
}

/** Where each profile term and listed skill was found, by target (a few ranges each). */
export type Hits = ReadonlyMap<number, readonly WordRange[]>;

/** A job cut into words, with every phrase of a compiled profile found in it. */
export interface ReadJob {
  readonly input: FitJobInput;
  readonly title: Tokens;
  readonly description: Tokens | null;
  readonly company: Tokens | null;
  readonly inTitle: Hits;
  readonly inDescription: Hits;
  readonly inCompany: Hits;
}

/** Ranges kept per target and field: evidence shows a few sentences, never all. */
const RANGES_KEPT = 4;

function hitsIn(tokens: Tokens | null, phrases: PhraseIndexes): Hits {
  const hits = new Map<number, WordRange[]>();
  if (!tokens) return hits;
  findPhrases(tokens, phrases, (target, first, last) => {
    const list = hits.get(target);
    if (!list) return void hits.set(target, [[first, last]]);
    // Two spellings of one term at one place ("Kafka", "Kafka Streams"): the longer is kept.
    const previous = list[list.length - 1];
    if (previous && first <= previous[1])
      list[list.length - 1] = [previous[0], Math.max(previous[1], last)];
    else if (list.length < RANGES_KEPT) list.push([first, last]);
  });
  return hits;
}

/** A job's texts cut into words: the same whichever profile it is scored against. */
interface JobWords {
  readonly of: Pick<FitJobInput, 'title' | 'description' | 'company'>;
  readonly title: Tokens;
  readonly description: Tokens | null;
  readonly company: Tokens | null;
}

// Cutting and stemming a description is most of a score's work, and a job is scored against
// every profile in turn (the store, the rescoring): the words are cut once per job input.
const wordsOf = new WeakMap<FitJobInput, JobWords>();

function words(job: FitJobInput): JobWords {
  const known = wordsOf.get(job);
  if (
    known &&
    known.of.title === job.title &&
    known.of.description === job.description &&
    known.of.company === job.company
  )
    return known;
  const tokens = job.description ? tokenize(job.description) : null;
  const description = tokens && tokens.count > 0 ? tokens : null;
  // The title is stemmed as its description is: the profile's terms are stemmed in both languages,
  // and one job reads in one.
  const title = tokenize(job.title, description?.lang);
  const company = job.company ? tokenize(job.company, title.lang) : null;
  const cut: JobWords = {
    of: { title: job.title, description: job.description, company: job.company },
    title,
    description,
    company,
  };
  wordsOf.set(job, cut);
  return cut;
}

export function readJob(job: FitJobInput, phrases: PhraseIndexes): ReadJob {
  const { title, description, company } = words(job);
  return {
    input: job,
    title,
    description,
    company,
    inTitle: hitsIn(title, phrases),
    inDescription: hitsIn(description, phrases),
    inCompany: hitsIn(company, phrases),
  };
}
