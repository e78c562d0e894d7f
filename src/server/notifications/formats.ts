import {
  renderMessage,
  renderText,
  type NotificationMessage,
  type RenderedMessage,
} from './message';

// One message, each service's shape. Limits from the services' documentation: Slack section
// text ≤ 3000 characters; Discord content ≤ 2000, embed title ≤ 256, description ≤ 4096;
// ntfy message bodies above 4096 bytes become attachments, so the body stays below that.

/** Cuts `text` to at most `max` characters, marking the cut. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, Math.max(0, max - 1))}…`;
}

/** The generic webhook: the versioned message as stored, plus its words (README documents it). */
export function genericPayload(message: NotificationMessage): Record<string, unknown> {
  const rendered = renderMessage(message);
  return { ...message, title: rendered.title, text: renderText(rendered) };
}

// Slack's mrkdwn treats &, < and > as markup (`<!channel>` pings everyone): escape them.
const slackEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
// A link's URL may not hold `|` or `>`; job links never do, but a stray one must not break out.
const slackLink = (url: string, label: string) =>
  `<${url.replace(/[|>]/g, encodeURIComponent)}|${slackEscape(label).replace(/\|/g, '¦')}>`;

const SLACK_SECTION_MAX = 3000;

export function slackPayload(message: NotificationMessage): Record<string, unknown> {
  const r = renderMessage(message);
  const blocks: Array<Record<string, unknown>> = [
    {
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: clip(`*${slackEscape(r.title)}*\n${slackEscape(r.summary)}`, SLACK_SECTION_MAX),
      },
    },
  ];
  for (const section of r.sections) {
    const lines = section.lines.map((line) =>
      line.link
        ? `• ${slackLink(line.link.url, line.link.label)} ${slackEscape(line.text.slice(line.link.label.length))}`
        : `• ${slackEscape(line.text)}`,
    );
    const heading = section.heading ? `*${slackEscape(section.heading)}*\n` : '';
    blocks.push({
      type: 'section',
      text: { type: 'mrkdwn', text: clip(heading + lines.join('\n'), SLACK_SECTION_MAX) },
    });
  }
  if (r.link) {
    blocks.push({
      type: 'section',
      text: { type: 'mrkdwn', text: slackLink(r.link.url, r.link.label) },
    });
  }
  // `text` is the notification's fallback (and what Slack shows where blocks cannot be drawn).
  return { text: slackEscape(r.summary), blocks };
}

// Discord markdown: escape its control characters so a job title cannot format or link.
// (#, > and - only matter at the start of a line: headings, quotes, lists.)
const discordEscape = (s: string) =>
  s.replace(/([\\*_~`|[\]()])/g, '\\$1').replace(/^([#>-])/gm, '\\$1');

const DISCORD_CONTENT_MAX = 2000;
const DISCORD_TITLE_MAX = 256;
const DISCORD_DESCRIPTION_MAX = 4096;
const DISCORD_COLOURS: Record<RenderedMessage['tone'], number> = {
  good: 0x16a34a,
  bad: 0xdc2626,
  info: 0x2563eb,
};

export function discordPayload(message: NotificationMessage): Record<string, unknown> {
  const r = renderMessage(message);
  const parts: string[] = [];
  for (const section of r.sections) {
    if (section.heading) parts.push(`**${discordEscape(section.heading)}**`);
    for (const line of section.lines) {
      parts.push(
        line.link
          ? `• [${discordEscape(line.link.label)}](${line.link.url}) ${discordEscape(line.text.slice(line.link.label.length))}`
          : `• ${discordEscape(line.text)}`,
      );
    }
  }
  if (r.link) parts.push(`[${discordEscape(r.link.label)}](${r.link.url})`);
  const embed: Record<string, unknown> = {
    title: clip(r.title, DISCORD_TITLE_MAX),
    description: clip(parts.join('\n') || discordEscape(r.summary), DISCORD_DESCRIPTION_MAX),
    color: DISCORD_COLOURS[r.tone],
  };
  if (r.link) embed.url = r.link.url;
  return {
    content: clip(discordEscape(r.summary), DISCORD_CONTENT_MAX),
    embeds: [embed],
    // Job titles are the site's text: never let one ping @everyone or a role.
    allowed_mentions: { parse: [] },
  };
}

const NTFY_TAGS: Record<RenderedMessage['tone'], string[]> = {
  good: ['briefcase'],
  bad: ['warning'],
  info: ['information_source'],
};
const NTFY_MESSAGE_MAX = 4000;

/**
 * ntfy's JSON publishing: the body goes to the server's root with the topic inside it (headers
 * cannot carry non-Latin-1 titles, JSON can). The channel stores the topic URL the operator
 * subscribes to; the topic is its last path segment and the rest is the server.
 */
export function ntfyRequest(
  topicUrl: string,
  message: NotificationMessage,
): { url: string; body: Record<string, unknown> } {
  const u = new URL(topicUrl);
  const segments = u.pathname.split('/').filter((s) => s !== '');
  const topic = segments.pop() ?? '';
  u.pathname = `/${segments.join('/')}`;
  const r = renderMessage(message);
  const body: Record<string, unknown> = {
    topic,
    title: r.title,
    message: clip(renderText(r), NTFY_MESSAGE_MAX),
    tags: NTFY_TAGS[r.tone],
  };
  if (r.link) body.click = r.link.url;
  return { url: u.toString(), body };
}

const htmlEscape = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** Only http(s) links become anchors: a `javascript:` URL from the site stays text. */
const safeHref = (url: string): string | null => (/^https?:\/\//i.test(url) ? url : null);

function htmlAnchor(url: string, label: string): string {
  const href = safeHref(url);
  return href === null
    ? htmlEscape(label)
    : `<a href="${htmlEscape(href)}">${htmlEscape(label)}</a>`;
}

export function emailContent(message: NotificationMessage): {
  subject: string;
  text: string;
  html: string;
} {
  const r = renderMessage(message);
  const html: string[] = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.4">',
    `<h2 style="margin:0 0 8px">${htmlEscape(r.title)}</h2>`,
    `<p>${htmlEscape(r.summary)}</p>`,
  ];
  for (const section of r.sections) {
    if (section.heading)
      html.push(`<h3 style="margin:16px 0 4px">${htmlEscape(section.heading)}</h3>`);
    html.push('<ul>');
    for (const line of section.lines) {
      html.push(
        line.link
          ? `<li>${htmlAnchor(line.link.url, line.link.label)}${htmlEscape(line.text.slice(line.link.label.length))}</li>`
          : `<li>${htmlEscape(line.text)}</li>`,
      );
    }
    html.push('</ul>');
  }
  if (r.link) html.push(`<p>${htmlAnchor(r.link.url, r.link.label)}</p>`);
  html.push('</body></html>');
  return { subject: r.title, text: renderText(r), html: html.join('\n') };
}
