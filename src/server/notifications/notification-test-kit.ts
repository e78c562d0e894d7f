import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// Real counterparts for the notification tests: an HTTP receiver standing in for Slack,
// Discord, ntfy or any webhook, and an in-process SMTP server. Shared by the unit, API and
// browser tests.

function portOf(address: AddressInfo | string | null): number {
  if (address === null || typeof address === 'string') throw new Error('not listening on TCP');
  return address.port;
}

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: unknown;
}

export type ReceiverBehaviour =
  /** Answers 200 (or the given status) to everything. */
  | { kind: 'ok'; status?: number }
  /** Answers `status` to the first `count` requests, then 200. */
  | { kind: 'fail-first'; count: number; status: number; body?: string }
  /** Never answers. */
  | { kind: 'hang' }
  /** Answers `status` with a body made from the request's path and query (a receiver that
   * quotes what it was sent, as some do in their errors). */
  | { kind: 'echo'; status: number; answer: (pathAndQuery: string) => string };

export interface Receiver {
  url: string;
  requests: ReceivedRequest[];
  behaviour: ReceiverBehaviour;
  /** Resolves once `count` requests have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

export async function startReceiver(
  behaviour: ReceiverBehaviour = { kind: 'ok' },
): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  const waiters = new Set<() => void>();
  const receiver: Receiver = {
    url: '',
    requests,
    behaviour,
    waitFor: (count, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (requests.length >= count) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(requests);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`receiver got ${requests.length} of ${count} requests`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown = null;
      try {
        json = JSON.parse(body);
      } catch {
        json = null;
      }
      requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body,
        json,
      });
      for (const waiter of [...waiters]) waiter();
      const b = receiver.behaviour;
      if (b.kind === 'hang') return;
      if (b.kind === 'echo') {
        res.writeHead(b.status, { 'content-type': 'text/plain' });
        res.end(b.answer(req.url ?? ''));
        return;
      }
      if (b.kind === 'fail-first' && requests.length <= b.count) {
        res.writeHead(b.status, { 'content-type': 'text/plain' });
        res.end(b.body ?? 'try again later');
        return;
      }
      res.writeHead(b.kind === 'ok' ? (b.status ?? 200) : 200, { 'content-type': 'text/plain' });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${portOf(server.address())}`;
  return receiver;
}

export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  user: string | null;
  mail: ParsedMail;
}

export interface SmtpReceiver {
  port: number;
  mails: ReceivedMail[];
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** An SMTP server on 127.0.0.1 without TLS; with `credentials`, it requires AUTH PLAIN/LOGIN. */
export async function startSmtpReceiver(credentials?: {
  user: string;
  password: string;
  /** Refuses every sign-in, quoting the password it was given (as a careless server might). */
  echoPassword?: boolean;
}): Promise<SmtpReceiver> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: credentials ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !credentials,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (credentials?.echoPassword) {
        callback(new Error(`Password ${auth.password ?? ''} is not valid for ${auth.username}`));
      } else if (
        credentials &&
        auth.username === credentials.user &&
        auth.password === credentials.password
      ) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push({
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
            },
            user: typeof session.user === 'string' ? session.user : null,
            mail,
          });
          callback();
        })
        .catch((error: unknown) =>
          callback(error instanceof Error ? error : new Error(String(error))),
        );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: portOf(server.server.address()),
    mails,
    waitFor: async (count, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      while (mails.length < count) {
        if (Date.now() > deadline) throw new Error(`SMTP got ${mails.length} of ${count} mails`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return mails;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
