import { describe, expect, it } from 'vitest';
import { discordPayload, emailContent, genericPayload, ntfyRequest, slackPayload } from './formats';
import {
  buildClosedJobMessage,
  buildTestMessage,
  notificationMessageSchema,
  renderMessage,
  type ClosedJob,
} from './message';

// Issue 41's `job_closed` in each channel's shape: the job, when it was found closed in the
// server's zone, its stage, and links to it in the dashboard, to the posting and to the
// employer's own page. The title is the site's text: every format escapes it. (The daily
// message's count of the jobs that closed: message-rules.test.ts.)

const JOB: ClosedJob = {
  jobId: 42,
  title: 'Engineer <b> & *co*',
  company: 'Acme',
  location: 'Berlin, Germany',
  url: 'https://www.linkedin.com/jobs/view/42',
  applyUrl: 'https://jobs.acme.example/apply/42',
  closedAt: Date.parse('2027-02-03T09:00:00Z'),
  stage: 'saved',
  reason: 'closed',
};
const CONTEXT = {
  siteName: 'LinkedIn',
  publicUrl: 'https://scout.example.com',
  timeZone: 'Europe/Berlin',
};
const closed = buildClosedJobMessage(JOB, CONTEXT);
const JOB_URL = 'https://scout.example.com/jobs?job=42';

describe('the job_closed message', () => {
  it('survives the outbox (stored as JSON, parsed back), and older rows read without it', () => {
    expect(notificationMessageSchema.parse(JSON.parse(JSON.stringify(closed)))).toEqual(closed);
    expect(closed).toMatchObject({ event: 'job_closed', batch: null, jobs_url: JOB_URL });
    expect(closed.closed_job).toEqual({
      job_id: 42,
      title: 'Engineer <b> & *co*',
      company: 'Acme',
      location: 'Berlin, Germany',
      reason: 'closed',
      closed_at: '2027-02-03T09:00:00.000Z',
      closed_at_text: 'Wed 3 Feb 2027, 10:00 (Europe/Berlin)',
      stage: 'saved',
      stage_label: 'Saved',
      url: 'https://www.linkedin.com/jobs/view/42',
      apply_url: 'https://jobs.acme.example/apply/42',
      job_url: JOB_URL,
    });
    // A row queued before issue 41 had neither field.
    const { closed_job: _job, closed_jobs_count: _count, ...older } = buildTestMessage(CONTEXT);
    expect(notificationMessageSchema.parse(older)).toMatchObject({
      closed_job: null,
      closed_jobs_count: 0,
    });
  });

  it('as the generic webhook: the message, its title and text', () => {
    const body = genericPayload(closed);
    expect(body).toMatchObject({
      event: 'job_closed',
      title: 'Closed: Engineer <b> & *co* at Acme',
    });
    expect(body.text).toBe(
      [
        'Engineer <b> & *co* at Acme, which you saved, no longer accepts applications on LinkedIn (found Wed 3 Feb 2027, 10:00 (Europe/Berlin)).',
        '',
        'Saved job closed:',
        '- Engineer <b> & *co* at Acme · Berlin, Germany',
        `  ${JOB_URL}`,
        '- Found closed: Wed 3 Feb 2027, 10:00 (Europe/Berlin)',
        '- Stage: Saved',
        '- The posting on LinkedIn',
        '  https://www.linkedin.com/jobs/view/42',
        "- The company's own page",
        '  https://jobs.acme.example/apply/42',
        '',
        `Open the job: ${JOB_URL}`,
      ].join('\n'),
    );
  });

  it('says a page that is gone is no longer on the site; without PUBLIC_URL, no dashboard link', () => {
    const gone = buildClosedJobMessage(
      { ...JOB, reason: 'gone', applyUrl: null },
      { ...CONTEXT, publicUrl: undefined },
    );
    const rendered = renderMessage(gone);
    expect(rendered.summary).toContain('which you saved, is no longer on LinkedIn');
    expect(rendered.link).toBeNull();
    expect(genericPayload(gone).text).not.toContain('scout.example.com');
    expect(genericPayload(gone).text).not.toContain("company's own page");
  });

  it('as Slack: escaped, the job linked', () => {
    const text = JSON.stringify(slackPayload(closed));
    expect(text).toContain('*Closed: Engineer &lt;b&gt; &amp; *co* at Acme*');
    expect(text).toContain(`<${JOB_URL}|Engineer &lt;b&gt; &amp; *co*>  at Acme · Berlin, Germany`);
    expect(text).toContain('<https://jobs.acme.example/apply/42|The company');
    expect(text).not.toContain('<b>');
  });

  it('as Discord: escaped, an embed linking to the job', () => {
    const body = discordPayload(closed);
    expect(body.content).toContain('Engineer <b> & \\*co\\* at Acme, which you saved');
    expect(body.embeds).toEqual([
      expect.objectContaining({
        title: 'Closed: Engineer <b> & *co* at Acme',
        url: JOB_URL,
        description: expect.stringContaining(`[Open the job](${JOB_URL})`),
      }),
    ]);
    expect(body.allowed_mentions).toEqual({ parse: [] });
  });

  it('as ntfy: title, text and a click to the job', () => {
    const { body } = ntfyRequest('https://ntfy.sh/my-topic', closed);
    expect(body).toMatchObject({
      topic: 'my-topic',
      title: 'Closed: Engineer <b> & *co* at Acme',
      click: JOB_URL,
      tags: ['information_source'],
    });
    expect(body.message).toContain('Found closed: Wed 3 Feb 2027, 10:00 (Europe/Berlin)');
  });

  it('as e-mail: the subject, the text part and escaped HTML with the links', () => {
    const mail = emailContent(closed);
    expect(mail.subject).toBe('Closed: Engineer <b> & *co* at Acme');
    expect(mail.text).toContain('Stage: Saved');
    expect(mail.html).toContain('Engineer &lt;b&gt; &amp; *co*');
    expect(mail.html).toContain(`<a href="${JOB_URL}">Open the job</a>`);
    expect(mail.html).toContain(
      `<a href="https://jobs.acme.example/apply/42">The company&#39;s own page</a>`,
    );
    expect(mail.html).not.toContain('<b>');
  });
});
