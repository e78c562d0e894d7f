import { z } from 'zod';
import { dayInZone } from '../contract/calendar-days';
import { normalizeCompanyName } from '../contract/company-name';
import { salaryFigures } from '../contract/salary-figures';
import {
  WORKPLACE_BY_SITE_CODE,
  workplaceFromText,
  type WorkplaceWord,
} from '../contract/workplace';
import type { StoredCards } from '../db/jobs/stored-cards';
import type { RunnerRuns, StoredRun } from '../db/searches/runner-runs';
import type { SearchPage } from '../scraper';
import type { RuleGate } from './apply-rules';
import type { FitSync } from './fit-sync';
import type { RepostDetector } from './reposts';

// The batch's store step: one page of search results in one transaction, each new card passed
// through the card rules and the reposts steps on its way in, and scored against the fit
// profiles of its query (issue 40) from its card.

const siteParamsSchema = z.record(z.string(), z.unknown());

export interface PageStoreParts {
  runs: RunnerRuns;
  cards: StoredCards;
  rules: RuleGate;
  reposts: RepostDetector;
  fit: FitSync;
}

/**
 * One page of results, in the transaction of the store's write (BatchStore.savePage): new jobs
 * stored once (a job already known from another run or batch keeps its first-seen batch), every
 * card linked to the run with its 1-based position, and the offset to resume from. Replaying a
 * page is harmless. Answers how many jobs the page held and how many of them the database had
 * never seen (metrics).
 */
export function storePage(
  parts: PageStoreParts,
  run: StoredRun,
  page: SearchPage,
  now: number,
  timeZone: string,
): { stored: number; fresh: number } {
  const siteWorkplace = searchedWorkplace(parts.runs.searchParams(run.id));
  // Issue 32: a new job is counted on the Overview under this run's query and this day.
  const day = dayInZone(now, timeZone);
  let fresh = 0;
  // Issue 17: new jobs pass through the rules that read only the card (docs/decisions/036).
  const cardRules = parts.rules.rules('card');
  page.cards.forEach((card, i) => {
    const known = parts.reposts.isStored(card.jobId);
    if (!known) fresh += 1;
    const normalized = normalizeCompanyName(card.companyName);
    const location = card.location ?? '';
    // Issue 17: a new card's repost and role keys are stored with it (a known one keeps its row).
    const keys = known
      ? { repost: null, role: null, group: null, newGroup: false }
      : parts.reposts.keys(normalized, card.title, location);
    const salary = known ? null : salaryFigures(card.salary);
    parts.cards.save({
      id: card.jobId,
      title: card.title,
      company: card.companyName,
      slug: card.companySlug,
      normalized,
      location,
      posted: card.postedDate,
      salary: card.salary,
      url: card.url,
      batch: run.batch_id,
      now,
      siteWorkplace,
      textWorkplace: workplaceFromText(card.location, card.title),
      repostKey: keys.repost,
      roleKey: keys.role,
      groupKey: keys.group,
      queryId: run.query_id,
      day,
      salaryCurrency: salary?.currency ?? null,
      salaryYearly: salary?.yearly ?? null,
    });
    if (!known) {
      // Issue 17: a repost is recognised on its card, before its details are fetched.
      parts.reposts.jobStored({ id: card.jobId, batchId: run.batch_id, ...keys });
      parts.rules.apply(cardRules, card.jobId, {
        title: card.title,
        company: card.companyName,
        location,
        description: null,
      });
    }
    parts.runs.link(run.id, card.jobId, page.start + i + 1);
  });
  // Linked first: a job's profiles are its queries' (a job seen again by a query with another
  // profile is scored against it too, from what is stored of it).
  parts.fit.sync(
    page.cards.map((card) => card.jobId),
    now,
  );
  parts.runs.pageDone(run.id, page.nextStart);
  return { stored: page.cards.length, fresh };
}

/**
 * The workplace every job of the run has when its search filtered on exactly one (`f_WT`):
 * the site's own classification, which the cards don't show.
 */
export function searchedWorkplace(searchParams: string | null): WorkplaceWord | null {
  if (searchParams === null) return null;
  let params: unknown;
  try {
    params = JSON.parse(searchParams);
  } catch {
    return null;
  }
  const parsed = siteParamsSchema.safeParse(params);
  const code = parsed.success ? parsed.data.f_WT : undefined;
  return typeof code === 'string' ? (WORKPLACE_BY_SITE_CODE[code] ?? null) : null;
}
