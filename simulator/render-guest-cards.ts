import type { SimJob } from './catalogue';
import { escapeHtml, escapeHtmlWithEntities } from './html-escape';
import { slugify } from './catalogue';

/** The host the site writes into its own links (cards carry absolute links). */
export const SITE_ORIGIN = 'https://www.linkedin.com';

function text(job: SimJob, value: string): string {
  // A share of the cards writes umlauts and dashes as entities, another share as numeric ones.
  const mode = job.index % 3;
  return mode === 0 ? escapeHtml(value) : escapeHtmlWithEntities(value, mode === 2);
}

/** One `<li>` of the guest search, in the site's documented card markup. */
export function renderGuestCard(job: SimJob, position: number, refId: string): string {
  const slug = slugify(job.title) || 'job';
  const jobLink = `${SITE_ORIGIN}/jobs/view/${slug}-${job.id}?position=${position}&amp;pageNum=0&amp;refId=${refId}&amp;trackingId=${refId.slice(0, 12)}%3D%3D`;
  const companyText = text(job, job.company.name);
  const subtitle = job.companyLinked
    ? `<a class="hidden-nested-link" data-tracking-client-ingraph data-tracking-control-name="public_jobs_jserp-result_job-search-card-subtitle" href="${SITE_ORIGIN}/company/${job.company.slug}?trk=public_jobs_jserp-result_job-search-card-subtitle">
            ${companyText}
          </a>`
    : companyText;
  const salary = job.salary
    ? `\n          <span class="job-search-card__salary-info">\n            ${escapeHtml(job.salary)}\n          </span>`
    : '';
  const listDateClass = job.isNew ? 'job-search-card__listdate--new' : 'job-search-card__listdate';
  const urn = job.hasUrn ? ` data-entity-urn="urn:li:jobPosting:${job.id}"` : '';
  return `<li>
    <div class="base-card relative w-full hover:no-underline focus:no-underline base-card--link base-search-card base-search-card--link job-search-card"${urn} data-impression-id="jobs-search-result-${position - 1}" data-reference-id="${refId}" data-tracking-id="${refId.slice(4, 20)}" data-column="1" data-row="${position}">
      <a class="base-card__full-link absolute top-0 right-0 bottom-0 left-0 p-0 z-[2]" href="${jobLink}" data-tracking-control-name="public_jobs_jserp-result_search-card" data-tracking-client-ingraph data-tracking-will-navigate>
        <span class="sr-only">
          ${text(job, job.title)}
        </span>
      </a>
      <div class="search-entity-media">
        <img class="artdeco-entity-image artdeco-entity-image--square-4" data-delayed-url="https://media.licdn.com/dms/image/v2/logo-${job.company.id}" data-ghost-classes="artdeco-entity-image--ghost" data-ghost-url="https://static.licdn.com/aero-v1/sc/h/ghost" alt="">
      </div>
      <div class="base-search-card__info">
        <h3 class="base-search-card__title">
          ${text(job, job.title)}
        </h3>
        <h4 class="base-search-card__subtitle">
          ${subtitle}
        </h4>
        <div class="base-search-card__metadata">
          <span class="job-search-card__location">
            ${text(job, job.place.displayName)}
          </span>${salary}
          <time class="${listDateClass}" datetime="${job.postedDate}">
            ${job.postedText}
          </time>
        </div>
      </div>
    </div>
  </li>`;
}

export function renderGuestCards(jobs: readonly SimJob[], start: number, refId: string): string {
  return jobs.map((job, i) => renderGuestCard(job, start + i + 1, refId)).join('\n');
}
