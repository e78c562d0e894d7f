import { describe, expect, it } from 'vitest';
import { discordPayload, emailContent, genericPayload, ntfyRequest, slackPayload } from './formats';
import { buildReminderMessage, notificationMessageSchema, stepTimeText } from './message';

// Issue 33's `reminder` in each channel's shape: what the step is, when in the server's zone,
// the job and its stage, and a link to it in the dashboard. The job's title is the site's text:
// every format escapes it.

const STEP = {
  jobId: 42,
  title: 'Engineer <b> & *co*',
  company: 'Acme',
  stage: 'screening' as const,
  what: 'phone screen',
  at: Date.parse('2027-02-03T09:00:00Z'),
};
const CONTEXT = {
  siteName: 'LinkedIn',
  publicUrl: 'https://scout.example.com',
  timeZone: 'Europe/Berlin',
};
const due = buildReminderMessage(STEP, 'due', CONTEXT);
const lead = buildReminderMessage(STEP, 'lead', CONTEXT);
const JOB_URL = 'https://scout.example.com/jobs?job=42';

describe('the reminder message', () => {
  it('survives the outbox (stored as JSON, parsed back)', () => {
    expect(notificationMessageSchema.parse(JSON.parse(JSON.stringify(due)))).toEqual(due);
    expect(due).toMatchObject({ event: 'reminder', batch: null, jobs_url: JOB_URL });
    expect(due.reminder).toMatchObject({
      kind: 'due',
      at: '2027-02-03T09:00:00.000Z',
      at_text: 'Wed 3 Feb 2027, 10:00 (Europe/Berlin)',
      stage_label: 'Screening',
    });
  });

  it('writes the time in the server’s zone, summer time included', () => {
    expect(stepTimeText(Date.parse('2027-07-01T06:05:00Z'), 'Europe/Berlin')).toBe(
      'Thu 1 Jul 2027, 08:05 (Europe/Berlin)',
    );
    expect(stepTimeText(Date.parse('2027-07-01T06:05:00Z'), 'America/New_York')).toBe(
      'Thu 1 Jul 2027, 02:05 (America/New_York)',
    );
  });

  it('has no link without PUBLIC_URL', () => {
    const bare = buildReminderMessage(STEP, 'due', { ...CONTEXT, publicUrl: undefined });
    expect(bare.reminder?.job_url).toBeNull();
    expect(genericPayload(bare).text).not.toMatch(/https?:/);
  });

  it('as the generic webhook: the message, its title and text', () => {
    const body = genericPayload(lead);
    expect(body).toMatchObject({
      event: 'reminder',
      title: 'Coming up: Phone screen — Engineer <b> & *co* at Acme',
    });
    expect(body.text).toBe(
      [
        'Next step for Engineer <b> & *co* at Acme: phone screen, Wed 3 Feb 2027, 10:00 (Europe/Berlin).',
        '',
        'Next step:',
        '- What: phone screen',
        '- When: Wed 3 Feb 2027, 10:00 (Europe/Berlin)',
        '- Engineer <b> & *co* at Acme',
        `  ${JOB_URL}`,
        '- Stage: Screening',
        '',
        `Open the application: ${JOB_URL}`,
      ].join('\n'),
    );
  });

  it('as Slack: escaped, the job linked', () => {
    const text = JSON.stringify(slackPayload(due));
    expect(text).toContain('*Now: Phone screen — Engineer &lt;b&gt; &amp; *co* at Acme*');
    expect(text).toContain(`<${JOB_URL}|Engineer &lt;b&gt; &amp; *co*>  at Acme`);
    expect(text).toContain('Stage: Screening');
    expect(text).not.toContain('<b>');
  });

  it('as Discord: escaped, an embed linking to the job', () => {
    const body = discordPayload(due);
    expect(body.content).toBe(
      'Next step for Engineer <b> & \\*co\\* at Acme is due now: phone screen, Wed 3 Feb 2027, 10:00 \\(Europe/Berlin\\).',
    );
    expect(body.embeds).toEqual([
      expect.objectContaining({
        title: 'Now: Phone screen — Engineer <b> & *co* at Acme',
        url: JOB_URL,
        description: expect.stringContaining(`[Open the application](${JOB_URL})`),
      }),
    ]);
    expect(body.allowed_mentions).toEqual({ parse: [] });
  });

  it('as ntfy: title, text and a click to the job', () => {
    const { url, body } = ntfyRequest('https://ntfy.sh/my-topic', lead);
    expect(url).toBe('https://ntfy.sh/');
    expect(body).toMatchObject({
      topic: 'my-topic',
      title: 'Coming up: Phone screen — Engineer <b> & *co* at Acme',
      click: JOB_URL,
      tags: ['information_source'],
    });
    expect(body.message).toContain('When: Wed 3 Feb 2027, 10:00 (Europe/Berlin)');
  });

  it('as e-mail: the subject, the text part and escaped HTML with the link', () => {
    const mail = emailContent(due);
    expect(mail.subject).toBe('Now: Phone screen — Engineer <b> & *co* at Acme');
    expect(mail.text).toContain('Stage: Screening');
    expect(mail.html).toContain('Engineer &lt;b&gt; &amp; *co*');
    expect(mail.html).toContain(`<a href="${JOB_URL}">Open the application</a>`);
    expect(mail.html).not.toContain('<b>');
  });
});
