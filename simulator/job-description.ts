import type { SimJob } from './catalogue';
import { BENEFITS, REQUIREMENTS, SENTENCES } from './catalogue-words';
import { describePosting } from './fit-postings';
import { escapeHtml } from './html-escape';
import { mentionsNoLongerAccepting } from './job-facts';
import { createPrng, type Prng } from './prng';

const LONG_DESCRIPTION_CHARS = 46_000;

function paragraph(prng: Prng): string {
  const count = prng.between(2, 4);
  const parts: string[] = [];
  for (let i = 0; i < count; i += 1) parts.push(escapeHtml(prng.pick(SENTENCES)));
  return parts.join(' ');
}

function list(prng: Prng, items: readonly string[]): string {
  const picked = new Set<string>();
  const count = prng.between(2, 4);
  for (let i = 0; i < count; i += 1) picked.add(prng.pick(items));
  return `<ul>${[...picked].map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
}

/**
 * The description's inner HTML, in the two styles the site mixes: `<p>` paragraphs, and
 * `<br>`-separated text with `<strong>` headings and lists. Deterministic per job.
 */
export function renderDescriptionHtml(job: SimJob): string {
  const prng = createPrng(job.seed);
  // Issue 40: a fit posting is worded from what it is made of.
  if (job.fit) return describePosting(prng, job.fit, job.company.name);
  const blocks: string[] = [];
  if (prng.chance(0.5)) {
    blocks.push(`<p><strong>About ${escapeHtml(job.company.name)}</strong></p>`);
    blocks.push(`<p>${paragraph(prng)}</p>`);
    blocks.push(`<p><strong>What you&#39;ll do</strong></p>`);
    blocks.push(`<p>${paragraph(prng)}</p>`);
    blocks.push(`<p><strong>What we look for</strong></p>${list(prng, REQUIREMENTS)}`);
  } else {
    blocks.push(
      `<strong>The role</strong><br><br>${paragraph(prng)}<br><br>${paragraph(prng)}<br>`,
    );
    blocks.push(`<br><strong>Requirements</strong>${list(prng, REQUIREMENTS)}`);
    blocks.push(`<strong>Benefits</strong>${list(prng, BENEFITS)}`);
  }
  let html = blocks.join('\n');
  if (job.longDescription) {
    const extra: string[] = [];
    let length = html.length;
    for (let n = 1; length < LONG_DESCRIPTION_CHARS; n += 1) {
      const p = `<p>Section ${n}. ${paragraph(prng)} ${paragraph(prng)}</p>`;
      extra.push(p);
      length += p.length;
    }
    html += `\n${extra.join('\n')}`;
  }
  // Issue 41: the sentence a closed page shows, in an open posting's own words.
  if (mentionsNoLongerAccepting(job))
    html += `\n<p>We review applications weekly. Once the role is filled we are no longer accepting applications, so apply early.</p>`;
  return html;
}
