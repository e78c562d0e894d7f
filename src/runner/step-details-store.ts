import { applicantsCount, salaryFigures } from '../contract/salary-figures';
import type { StoredDetails } from '../db/jobs/stored-details';
import type { JobDetails } from '../scraper';
import { descriptionHtmlFromText, sanitizeDescriptionHtml } from '../scraper/description-html';
import type { RuleGate } from './apply-rules';
import type { DescriptionIndex } from '../db/jobs/description-index';
import type { RepostDetector } from './reposts';

// The details step's write of one job: its row and description, then the reposts and rules steps
// that read the description, and the search index told the description is there. Runs inside the
// caller's transaction (one job, or a group of them: docs/decisions/042).

export interface DetailsStoreParts {
  details: StoredDetails;
  reposts: RepostDetector;
  rules: RuleGate;
  descriptions: DescriptionIndex;
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
    easyApply: details.easyApply ? 1 : 0,
    salary: details.salary,
    salaryCurrency: salary?.currency ?? null,
    salaryYearly: salary?.yearly ?? null,
    slug: details.companySlug,
    now,
    signature: reposts.signature,
  });
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
}
