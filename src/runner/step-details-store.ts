import { applicantsCount, salaryFigures } from '../contract/salary-figures';
import type { PageCompanies } from '../db/companies/page-companies';
import type { StoredDetails } from '../db/jobs/stored-details';
import type { JobDetails } from '../scraper';
import { descriptionHtmlFromText, sanitizeDescriptionHtml } from '../scraper/description-html';
import type { RuleGate } from './apply-rules';
import type { DescriptionIndex } from '../db/jobs/description-index';
import type { FitSync } from './fit-sync';
import type { RepostDetector } from './reposts';

// The details step's write of one job: its row and description, then the reposts and rules steps
// that read the description, the search index told the description is there, and its fit scored
// again from its details (issue 40). Runs inside the caller's transaction (one job, or a group of
// them: docs/decisions/042).

export interface DetailsStoreParts {
  details: StoredDetails;
  companies: PageCompanies;
  reposts: RepostDetector;
  rules: RuleGate;
  descriptions: DescriptionIndex;
  fit: FitSync;
}

export function writeJobDetails(parts: DetailsStoreParts, details: JobDetails, now: number): void {
  // Issue 17: the signature is stored with the details (one write of the row), and the
  // description confirms a repost decided on the card, or undoes it.
  const reposts = parts.reposts.prepareDetails(details.jobId, details.description);
  const salary = salaryFigures(details.salary);
  parts.details.save({
    id: details.jobId,
    seniority: details.seniority,
    employmentType: details.employmentType,
    jobFunction: details.jobFunction,
    industries: details.industries,
    applicants: details.applicantsText,
    // Read from the caption as the migration read the stored ones (issue 32).
    applicantsCount: applicantsCount(details.applicantsText),
    salary: details.salary,
    salaryCurrency: salary?.currency ?? null,
    salaryYearly: salary?.yearly ?? null,
    slug: details.companySlug,
    now,
    signature: reposts.signature,
  });
  writeJobFacts(parts, details, now);
  parts.details.saveDescription(
    details.jobId,
    details.description,
    // The site's markup through the allow-list; its plain text when the markup says nothing.
    sanitizeDescriptionHtml(details.descriptionHtml) ??
      descriptionHtmlFromText(details.description),
  );
  parts.reposts.detailsStored(reposts);
  parts.rules.applyToDetails(details.jobId, details.description);
  parts.descriptions.described(details.jobId);
  parts.fit.sync([details.jobId], now);
}

/** The site's company ids are digits; one past a safe integer would be stored wrong. */
function companyIdOf(text: string | null): number | null {
  const id = text === null ? Number.NaN : Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * Issue 41: what the page says of the job as it is now (closed or open, Easy Apply, the employer's
 * address, the company's id), and the company's id passed on to its other jobs and its slug. The
 * details step writes it with the rest; a re-check of a stored job writes only this. Answers
 * whether the job was found closed for the first time. Runs inside the caller's transaction.
 */
export function writeJobFacts(
  parts: Pick<DetailsStoreParts, 'details' | 'companies'>,
  details: JobDetails,
  now: number,
): { newlyClosed: boolean } {
  const companyId = companyIdOf(details.companyId);
  const result = parts.details.saveFacts({
    id: details.jobId,
    closed: details.closed ? 1 : 0,
    easyApply: details.easyApply ? 1 : 0,
    applyUrl: details.applyUrl,
    companyId,
    now,
  });
  if (companyId !== null) parts.companies.learn(details.jobId, companyId, now);
  return result;
}
