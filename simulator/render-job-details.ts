import { slugify, type SimJob } from './catalogue';
import { escapeHtml } from './html-escape';
import {
  ampersandAsEntity,
  applyShape,
  applyTarget,
  closedCaption,
  externalApplyUrl,
  showsHiringLink,
} from './job-facts';
import { renderDescriptionHtml } from './job-description';
import { SITE_ORIGIN } from './render-guest-cards';

function criteria(label: string, value: string): string {
  return `
          <li class="description__job-criteria-item">
            <h3 class="description__job-criteria-subheader">
              ${label}
            </h3>
            <span class="description__job-criteria-text description__job-criteria-text--criteria">
              ${escapeHtml(value)}
            </span>
          </li>`;
}

function applicants(job: SimJob): string {
  // The site uses both shapes: a figure with a caption, and a bare caption span.
  return job.applicantsText.startsWith('Over')
    ? `<figure class="num-applicants__figure topcard__flavor--metadata topcard__flavor--bullet">
              <figcaption class="num-applicants__caption">
                ${job.applicantsText}
              </figcaption>
            </figure>`
    : `<span class="num-applicants__caption topcard__flavor--metadata topcard__flavor--bullet">
              ${job.applicantsText}
            </span>`;
}

function applyButton(job: SimJob): string {
  // A closed posting takes no applications: no button of either kind (issue 41).
  if (job.closed) return '';
  return job.easyApply
    ? `<button class="sign-up-modal__outlet top-card-layout__cta mt-2 ml-1.5 h-auto babybear:flex-auto top-card-layout__cta--primary btn-md btn-primary" data-tracking-client-ingraph data-tracking-control-name="public_jobs_apply-link-onsite" data-modal="sign-up-modal-outlet">
            Easy Apply
          </button>`
    : `<a class="apply-button apply-button--link top-card-layout__cta mt-2 ml-1.5 h-auto babybear:flex-auto top-card-layout__cta--primary btn-md btn-primary" href="${escapeHtml(offsiteHref(job))}" data-tracking-control-name="public_jobs_apply-link-offsite_sign-up-modal" target="_blank">
            Apply
          </a>`;
}

/** The offsite button's link: LinkedIn's wrapper around what the apply shape names (issue 41). */
function offsiteHref(job: SimJob): string {
  const shape = applyShape(job);
  return externalApplyUrl(SITE_ORIGIN, job, shape === null ? null : applyTarget(job, shape));
}

/** The hidden applyUrl code of an open posting whose shape has one; its `&` sometimes as `&amp;`. */
function applyCode(job: SimJob): string {
  const shape = applyShape(job);
  if (job.closed || shape === null || shape === 'link-only' || shape === 'none') return '';
  const url = externalApplyUrl(SITE_ORIGIN, job, applyTarget(job, shape));
  const written = ampersandAsEntity(job) ? url.replace(/&/g, '&amp;') : url;
  return `\n<code id="applyUrl" style="display: none"><!--"${written}"--></code>`;
}

/** "See who … has hired for this role": a sign-in link that searches people by the company's id. */
function hiringLink(job: SimJob): string {
  if (!showsHiringLink(job)) return '';
  const people = `https://www.linkedin.com/search/results/people/?facetCurrentCompany=${job.company.id}`;
  const redirect = encodeURIComponent(people).replace(/\./g, '%2E');
  return `
        <a class="face-pile flex !no-underline see-who-was-hired" data-tracking-control-name="public_jobs_see-who-was-hired_people-search-link_face-pile-cta" href="${SITE_ORIGIN}/login?session_redirect=${redirect}&amp;emailAddress=&amp;fromSignIn=&amp;trk=public_jobs_see-who-was-hired_people-search-link_face-pile-cta" target="_self">
          <div class="face-pile__text-container self-center">
            <p class="face-pile__text font-sans text-sm link-styled hover:underline">
              See who ${escapeHtml(job.company.name)} has hired for this role
            </p>
          </div>
        </a>`;
}

/** The top card's notice on a closed posting, captioned in the language of the place's site. */
function closedFigure(job: SimJob): string {
  if (!job.closed) return '';
  return `
      <figure class="closed-job closed-job__flavor topcard__flavor-row">
        <span class="closed-job__icon closed-job__icon--error-pebble lazy-load"></span>
        <figcaption class="closed-job__flavor--closed">${escapeHtml(closedCaption(job.place.country))}</figcaption>
      </figure>`;
}

/** The whole public job page (`/jobs/view/{id}`): the fragment, with the company's id in its head. */
export function renderJobViewPage(job: SimJob): string {
  const companyId = job.companyLinked
    ? `<meta name="companyId" content="${escapeHtml(job.company.id)}">`
    : '';
  return `<!doctype html><title>${job.id}</title>${companyId}${renderJobDetails(job)}`;
}

/** The guest `jobPosting/{id}` fragment, in the site's documented markup. */
export function renderJobDetails(job: SimJob): string {
  const company = job.companyLinked
    ? `<a class="topcard__org-name-link topcard__flavor--black-link" data-tracking-client-ingraph data-tracking-control-name="public_jobs_topcard-org-name" href="${SITE_ORIGIN}/company/${job.company.slug}?trk=public_jobs_topcard-org-name">
                ${escapeHtml(job.company.name)}
              </a>`
    : escapeHtml(job.company.name);
  const salary = job.salary
    ? `
  <section class="compensation mb-3">
    <h3 class="compensation__heading">Base pay range</h3>
    <div class="salary compensation__salary">
      ${escapeHtml(job.salary)}
    </div>
  </section>`
    : '';
  return `<section class="top-card-layout container-lined overflow-hidden babybear:rounded-[0px]">
  <div class="top-card-layout__entity-info-container flex flex-wrap papabear:flex-nowrap">
    <div class="top-card-layout__entity-info flex-grow flex-shrink-0 basis-0 babybear:flex-none babybear:w-full babybear:flex-none babybear:w-full">
      <a href="${SITE_ORIGIN}/jobs/view/${slugify(job.title) || 'job'}-${job.id}?trk=public_jobs_topcard-title" data-tracking-control-name="public_jobs_topcard-title" data-tracking-will-navigate>
        <h2 class="top-card-layout__title font-sans text-lg papabear:text-xl font-bold leading-open text-color-text mb-0 topcard__title">${escapeHtml(job.title)}</h2>
      </a>
      <h4 class="top-card-layout__second-subline font-sans text-sm leading-open text-color-text-low-emphasis mt-0.5">
        <div class="topcard__flavor-row">
          <span class="topcard__flavor">
              ${company}
          </span>
          <span class="topcard__flavor topcard__flavor--bullet">
            ${escapeHtml(job.place.displayName)}
          </span>
        </div>
        <div class="topcard__flavor-row">
          <span class="posted-time-ago__text topcard__flavor--metadata">
            ${job.postedText}
          </span>
            ${applicants(job)}
        </div>${hiringLink(job)}
      </h4>${closedFigure(job)}
      <div class="top-card-layout__cta-container flex flex-wrap mt-0.5 papabear:mt-0 ml-[-12px]">
          ${applyButton(job)}
      </div>
    </div>
  </div>
</section>${salary}
<div class="decorated-job-posting__details">
  <section class="core-section-container my-3 description">
    <div class="core-section-container__content break-words">
      <div class="description__text description__text--rich">
        <section class="show-more-less-html" data-max-lines="5">
          <div class="show-more-less-html__markup show-more-less-html__markup--clamp-after-5 relative overflow-hidden">
            ${renderDescriptionHtml(job)}
          </div>
          <button class="show-more-less-html__button show-more-less-button show-more-less-html__button--more ml-0.5" data-tracking-control-name="public_jobs_show-more-html-btn" aria-label="i18n_show_more" aria-expanded="false">
            Show more
          </button>
        </section>
      </div>
      <ul class="description__job-criteria-list">${criteria('Seniority level', job.seniority)}${criteria('Employment type', job.employmentType)}${criteria('Job function', job.jobFunction)}${criteria('Industries', job.industries)}
      </ul>
    </div>
  </section>
</div>${applyCode(job)}`;
}
