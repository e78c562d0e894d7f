import { NOTIFICATION_SEND_TIMEOUT_MS } from '../../contract';
import type { ChannelSettings, StoredChannel } from '../../db/notifications/channels';
import {
  clip,
  discordPayload,
  emailContent,
  genericPayload,
  ntfyRequest,
  slackPayload,
} from './formats';
import type { NotificationMessage } from './message';
import { maskSecrets, secretsOf } from './secret-mask';

/** How one send ended. `detail` is one line for the operator, never holding a secret. */
export type SendResult =
  | { delivered: true; detail: string }
  | { delivered: false; detail: string; /** status or error code, for the log */ code: string };

const DETAIL_MAX = 300;

/** Makes `text` one line, cut short, with every secret the channel holds blanked out. */
function oneLine(text: string, secrets: string[]): string {
  // Masked before and after the spaces are folded: a secret may hold a run of spaces itself.
  const out = maskSecrets(maskSecrets(text, secrets).replace(/\s+/g, ' ').trim(), secrets);
  return clip(out, DETAIL_MAX);
}

function errorCode(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const cause = 'cause' in error ? error.cause : undefined;
    for (const e of [cause, error]) {
      if (typeof e === 'object' && e !== null && 'code' in e && typeof e.code === 'string') {
        return e.code;
      }
    }
    if ('name' in error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      return 'ETIMEDOUT';
    }
  }
  return 'ERROR';
}

export interface SendOptions {
  timeoutMs?: number;
  /** Cancels the send (the worker stopping); the row is left for the next start. */
  signal?: AbortSignal;
}

async function postJson(
  url: string,
  body: unknown,
  secrets: string[],
  options: SendOptions,
): Promise<SendResult> {
  const timeoutMs = options.timeoutMs ?? NOTIFICATION_SEND_TIMEOUT_MS;
  const signal = options.signal
    ? AbortSignal.any([options.signal, AbortSignal.timeout(timeoutMs)])
    : AbortSignal.timeout(timeoutMs);
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'jobscout-notifications' },
      body: JSON.stringify(body),
      // A redirect would resend the message somewhere the operator did not configure.
      redirect: 'manual',
      signal,
    });
    const text = await res.text().catch(() => '');
    if (res.status >= 200 && res.status < 300) {
      return { delivered: true, detail: `Delivered (HTTP ${res.status})` };
    }
    const answer = oneLine(text, secrets);
    return {
      delivered: false,
      code: `HTTP ${res.status}`,
      detail: answer ? `HTTP ${res.status}: ${answer}` : `HTTP ${res.status}`,
    };
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ETIMEDOUT' && !options.signal?.aborted) {
      return {
        delivered: false,
        code,
        detail: `No answer within ${timeoutMs / 1000} s`,
      };
    }
    // fetch's own message ("fetch failed") says nothing; the cause's code does (ECONNREFUSED,
    // ENOTFOUND, CERT_HAS_EXPIRED). Its message could name the URL, so only the code is kept.
    return { delivered: false, code, detail: `Could not connect (${code})` };
  }
}

async function sendEmail(
  settings: Extract<ChannelSettings, { kind: 'email' }>,
  message: NotificationMessage,
  options: SendOptions,
): Promise<SendResult> {
  const timeoutMs = options.timeoutMs ?? NOTIFICATION_SEND_TIMEOUT_MS;
  // Loaded with the first email (a chunk of its own in the build): the server starts without it.
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({
    host: settings.smtp_host,
    port: settings.smtp_port,
    secure: settings.smtp_tls === 'tls',
    requireTLS: settings.smtp_tls === 'starttls',
    // "none" means none: no opportunistic STARTTLS either, so the mode is exactly what was chosen.
    ignoreTLS: settings.smtp_tls === 'none',
    auth:
      settings.smtp_user !== ''
        ? { user: settings.smtp_user, pass: settings.smtp_password ?? '' }
        : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    logger: false,
    debug: false,
  });
  const content = emailContent(message);
  let timer: NodeJS.Timeout | undefined;
  const onAbort = () => transport.close();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const info = await Promise.race([
      transport.sendMail({
        from: settings.email_from,
        to: settings.email_to,
        subject: content.subject,
        text: content.text,
        html: content.html,
      }),
      new Promise<never>((_, reject) => {
        // The per-step timeouts above bound each wait; this bounds the whole conversation.
        timer = setTimeout(() => {
          transport.close();
          reject(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' }));
        }, timeoutMs);
      }),
    ]);
    const response = typeof info.response === 'string' ? info.response : '';
    return {
      delivered: true,
      detail: oneLine(`Delivered (${response || 'accepted'})`, secretsOf(settings)),
    };
  } catch (error) {
    const secrets = secretsOf(settings);
    const code = errorCode(error);
    const response =
      typeof error === 'object' && error !== null && 'response' in error
        ? String(error.response)
        : '';
    // The command the server refused says which step failed (AUTH PLAIN, STARTTLS, RCPT TO).
    const command =
      typeof error === 'object' && error !== null && 'command' in error
        ? String(error.command)
        : '';
    const detail =
      code === 'ETIMEDOUT'
        ? `No answer from the SMTP server within ${timeoutMs / 1000} s`
        : response
          ? oneLine(command ? `${command}: ${response}` : response, secrets)
          : oneLine(`${code}: ${error instanceof Error ? error.message : String(error)}`, secrets);
    return { delivered: false, code, detail };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
    transport.close();
  }
}

/** Sends `message` on `channel` once, in that service's shape, within the timeout. */
export async function sendToChannel(
  channel: StoredChannel,
  message: NotificationMessage,
  options: SendOptions = {},
): Promise<SendResult> {
  const settings = channel.settings;
  switch (settings.kind) {
    case 'email':
      return sendEmail(settings, message, options);
    case 'webhook':
      return postJson(settings.url, genericPayload(message), secretsOf(settings), options);
    case 'slack':
      return postJson(settings.url, slackPayload(message), secretsOf(settings), options);
    case 'discord':
      return postJson(settings.url, discordPayload(message), secretsOf(settings), options);
    case 'ntfy': {
      const request = ntfyRequest(settings.url, message);
      return postJson(request.url, request.body, secretsOf(settings), options);
    }
  }
}
