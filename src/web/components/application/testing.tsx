import { http, HttpResponse, type HttpHandler } from 'msw';
import {
  applicationDetailSchema,
  applicationEventUpdateSchema,
  applicationUpdateSchema,
  contactCreateSchema,
  contactUpdateSchema,
  type ApplicationContact,
  type ApplicationDetail,
} from '../../../contract/pipeline';

// A small stand-in for the server's applications API (issue 33): it keeps each job's application,
// checks bodies with the contract's own schemas (so a 400 says what the server would), and
// records every write.

export const API = 'http://localhost:3000/api/v1';
/** When the fake server says a change happened, when it is not told. */
export const FAKE_NOW = '2025-03-10T09:00:00.000Z';

export function anApplication(
  jobId: number,
  overrides: Partial<ApplicationDetail> = {},
): ApplicationDetail {
  return applicationDetailSchema.parse({
    job_id: jobId,
    title: `Job ${jobId}`,
    company_name: `Company ${jobId}`,
    company_id: 1000 + jobId,
    location: 'Berlin, Germany',
    url: `https://www.linkedin.com/jobs/view/${jobId}`,
    query_id: 1,
    stage: 'applied',
    stage_since: '2025-03-04T09:00:00.000Z',
    created_at: '2025-03-01T09:00:00.000Z',
    updated_at: '2025-03-04T09:00:00.000Z',
    next_step: null,
    reference: null,
    salary_asked: null,
    salary_offered: null,
    notes: '',
    contacts_count: 0,
    history: [
      {
        id: 1,
        stage: 'saved',
        at: '2025-03-01T09:00:00.000Z',
        recorded_at: '2025-03-01T09:00:00.000Z',
        source: 'triage',
      },
      {
        id: 2,
        stage: 'applied',
        at: '2025-03-04T09:00:00.000Z',
        recorded_at: '2025-03-04T09:00:00.000Z',
        source: 'operator',
      },
    ],
    contacts: [],
    ...overrides,
  });
}

export interface FakeApplications {
  items: ApplicationDetail[];
  writes: { method: string; path: string; body: unknown }[];
  /** Answers every write with this error instead (a server refusing the body). */
  failWith?: { status: number; error: string } | null;
  /** How many times GET /applications/{job_id}/next-step.ics was asked. */
  icsDownloads?: number;
}

const notFound = () => HttpResponse.json({ error: 'Application not found' }, { status: 404 });
const refused = (message: string | undefined) =>
  HttpResponse.json({ error: message ?? 'Invalid request body' }, { status: 400 });
const nullIfEmpty = (v: string | null | undefined) => (v ? v : null);

export function fakeApplicationsApi(store: FakeApplications): HttpHandler[] {
  let nextId = 100;
  const find = (jobId: unknown) => store.items.find((a) => a.job_id === Number(jobId));
  const replace = (next: ApplicationDetail) => {
    store.items = store.items.map((a) => (a.job_id === next.job_id ? next : a));
    return HttpResponse.json(next);
  };
  /** Records a write; answers the configured failure, if any. */
  const record = async (request: Request, path: string) => {
    const text = await request.text();
    const body: unknown = text === '' ? null : JSON.parse(text);
    store.writes.push({ method: request.method, path, body });
    const fail = store.failWith;
    return { body, fail: fail ? HttpResponse.json({ error: fail.error }, fail) : null };
  };
  const contactOf = (fields: {
    name?: string;
    role?: string | null;
    email?: string | null;
    url?: string | null;
  }) => ({
    ...(fields.name !== undefined ? { name: fields.name } : {}),
    ...(fields.role !== undefined ? { role: nullIfEmpty(fields.role) } : {}),
    ...(fields.email !== undefined ? { email: nullIfEmpty(fields.email) } : {}),
    ...(fields.url !== undefined ? { url: nullIfEmpty(fields.url) } : {}),
  });

  return [
    http.get(`${API}/applications/:jobId/next-step.ics`, ({ params }) => {
      const application = find(params.jobId);
      if (!application?.next_step) return notFound();
      store.icsDownloads = (store.icsDownloads ?? 0) + 1;
      return new HttpResponse('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', {
        headers: {
          'content-type': 'text/calendar; charset=utf-8',
          'content-disposition': `attachment; filename="next-step-${application.job_id}.ics"`,
        },
      });
    }),
    http.get(`${API}/applications/:jobId`, ({ params }) => {
      const application = find(params.jobId);
      return application ? HttpResponse.json(application) : notFound();
    }),
    http.post(`${API}/applications`, async ({ request }) => {
      const { body, fail } = await record(request, '/applications');
      if (fail) return fail;
      const jobId =
        typeof body === 'object' && body !== null && 'job_id' in body ? Number(body.job_id) : 0;
      const created = anApplication(jobId, {
        stage: 'saved',
        stage_since: FAKE_NOW,
        history: [
          { id: nextId++, stage: 'saved', at: FAKE_NOW, recorded_at: FAKE_NOW, source: 'operator' },
        ],
      });
      store.items = [...store.items, created];
      return HttpResponse.json(created, { status: 201 });
    }),
    http.patch(`${API}/applications/:jobId`, async ({ request, params }) => {
      const { body, fail } = await record(request, `/applications/${String(params.jobId)}`);
      if (fail) return fail;
      const application = find(params.jobId);
      if (!application) return notFound();
      const parsed = applicationUpdateSchema.safeParse(body);
      if (!parsed.success) return refused(parsed.error.issues[0]?.message);
      const u = parsed.data;
      let next: ApplicationDetail = { ...application };
      if (u.stage !== undefined) {
        const at = u.at ?? FAKE_NOW;
        next = {
          ...next,
          stage: u.stage,
          stage_since: at,
          history: [
            ...next.history,
            { id: nextId++, stage: u.stage, at, recorded_at: FAKE_NOW, source: 'operator' },
          ],
        };
      }
      if (u.notes !== undefined) next.notes = u.notes ?? '';
      if (u.reference !== undefined) next.reference = nullIfEmpty(u.reference);
      if (u.salary_asked !== undefined) next.salary_asked = nullIfEmpty(u.salary_asked);
      if (u.salary_offered !== undefined) next.salary_offered = nullIfEmpty(u.salary_offered);
      if (u.next_step !== undefined) next.next_step = u.next_step;
      return replace(next);
    }),
    http.delete(`${API}/applications/:jobId`, async ({ request, params }) => {
      const { fail } = await record(request, `/applications/${String(params.jobId)}`);
      if (fail) return fail;
      if (!find(params.jobId)) return notFound();
      store.items = store.items.filter((a) => a.job_id !== Number(params.jobId));
      return HttpResponse.json({ success: true });
    }),
    http.patch(`${API}/applications/:jobId/history/:eventId`, async ({ request, params }) => {
      const path = `/applications/${String(params.jobId)}/history/${String(params.eventId)}`;
      const { body, fail } = await record(request, path);
      if (fail) return fail;
      const application = find(params.jobId);
      if (!application) return notFound();
      const parsed = applicationEventUpdateSchema.safeParse(body);
      if (!parsed.success) return refused(parsed.error.issues[0]?.message);
      const history = application.history
        .map((e) => (e.id === Number(params.eventId) ? { ...e, at: parsed.data.at } : e))
        .sort((a, b) => a.at.localeCompare(b.at));
      return replace({ ...application, history });
    }),
    http.post(`${API}/applications/:jobId/contacts`, async ({ request, params }) => {
      const path = `/applications/${String(params.jobId)}/contacts`;
      const { body, fail } = await record(request, path);
      if (fail) return fail;
      const application = find(params.jobId);
      if (!application) return notFound();
      const parsed = contactCreateSchema.safeParse(body);
      if (!parsed.success) return refused(parsed.error.issues[0]?.message);
      const contact: ApplicationContact = {
        id: nextId++,
        name: parsed.data.name,
        role: null,
        email: null,
        url: null,
        ...contactOf(parsed.data),
      };
      const contacts = [...application.contacts, contact];
      replace({ ...application, contacts, contacts_count: contacts.length });
      return HttpResponse.json(contact, { status: 201 });
    }),
    http.patch(`${API}/applications/:jobId/contacts/:contactId`, async ({ request, params }) => {
      const path = `/applications/${String(params.jobId)}/contacts/${String(params.contactId)}`;
      const { body, fail } = await record(request, path);
      if (fail) return fail;
      const application = find(params.jobId);
      if (!application) return notFound();
      const parsed = contactUpdateSchema.safeParse(body);
      if (!parsed.success) return refused(parsed.error.issues[0]?.message);
      const contacts = application.contacts.map((c) =>
        c.id === Number(params.contactId) ? { ...c, ...contactOf(parsed.data) } : c,
      );
      return replace({ ...application, contacts });
    }),
    http.delete(`${API}/applications/:jobId/contacts/:contactId`, async ({ request, params }) => {
      const path = `/applications/${String(params.jobId)}/contacts/${String(params.contactId)}`;
      const { fail } = await record(request, path);
      if (fail) return fail;
      const application = find(params.jobId);
      if (!application) return notFound();
      const contacts = application.contacts.filter((c) => c.id !== Number(params.contactId));
      replace({ ...application, contacts, contacts_count: contacts.length });
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}
