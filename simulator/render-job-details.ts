import { slugify, type SimJob } from './catalogue';
import { escapeHtml } from './html-escape';
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
  return job.easyApply
    ? `<button class="sign-up-modal__outlet top-card-layout__cta mt-2 ml-1.5 h-auto babybear:flex-auto top-card-layout__cta--primary btn-md btn-primary" data-tracking-client-ingraph data-tracking-control-name="public_jobs_apply-link-onsite" data-modal="sign-up-modal-outlet">
            Easy Apply
          </button>`
    : `<a class="apply-button apply-button--link top-card-layout__cta mt-2 ml-1.5 h-auto babybear:flex-auto top-card-layout__cta--primary btn-md btn-primary" href="${SITE_ORIGIN}/jobs/view/externalApply/${job.id}?url=https%3A%2F%2Fcareers%2Eexample%2Ecom%2Fjobs%2F${job.id}" data-tracking-control-name="public_jobs_apply-link-offsite_sign-up-modal" target="_blank">
            Apply
          </a>`;
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
        </div>
      </h4>
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
</div>`;
}
