import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  applicationContactParamSchema,
  applicationContactSchema,
  applicationCreateSchema,
  applicationDetailSchema,
  applicationEventParamSchema,
  applicationEventUpdateSchema,
  applicationListQuerySchema,
  applicationListSchema,
  applicationUpdateSchema,
  contactCreateSchema,
  closedTakesNoNextStep,
  contactUpdateSchema,
  errorBodySchema,
  isClosingStage,
  jobIdParamSchema,
  pipelineDeletedSchema,
  type ApplicationUpdate,
} from '../../contract';
import { ApplicationContacts } from '../../db/pipeline/contacts';
import {
  APPLICATION_NOT_FOUND,
  Pipeline,
  type ApplicationFields,
} from '../../db/pipeline/pipeline';
import { findQuery } from '../../db/searches/queries';
import type { AppContext } from '../context';
import { HttpError } from '../plugins/errors';
import { QUERY_NOT_FOUND } from '../overview/routes';
import { answering, anyAt, loggedAt } from './request-dates';

const tags = ['applications'];
const refusals = { 400: errorBodySchema, 404: errorBodySchema };

/** The body's own fields, the next step's time as milliseconds. */
function fieldsOf(body: ApplicationUpdate): ApplicationFields {
  const next = body.next_step;
  return {
    notes: body.notes,
    reference: body.reference,
    salary_asked: body.salary_asked,
    salary_offered: body.salary_offered,
    next_step:
      next === undefined || next === null
        ? next
        : { at: anyAt(next.at, 'next_step.at'), what: next.what },
  };
}

/**
 * The application pipeline (issue 33, docs/decisions/056): a job's application, moved through
 * its stages with a dated, correctable history, its fields and its contacts. The guard lets a
 * read-only token read and only a read-write token (or the session) write.
 */
export const pipelineRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const pipeline = new Pipeline(ctx.connection);
  const contacts = new ApplicationContacts(ctx.connection);
  // A change is one write on the shared connection (it waits for an open Kysely transaction).
  const writing = <T>(work: () => T): Promise<T> => ctx.connection.write(() => answering(work));
  const detail = (jobId: number) => {
    const found = pipeline.detail(jobId);
    if (found === undefined) throw new HttpError(404, APPLICATION_NOT_FOUND);
    return found;
  };

  app.get(
    '/applications',
    {
      schema: {
        summary: 'The applications on the board, latest stage change first',
        tags,
        querystring: applicationListQuerySchema,
        response: { 200: applicationListSchema, ...refusals },
      },
    },
    async (request) => {
      const { stage, query, company } = request.query;
      if (query !== undefined && (await findQuery(ctx.db, query)) === undefined)
        throw new HttpError(404, QUERY_NOT_FOUND);
      return { items: pipeline.list({ stages: stage, queryId: query, company }) };
    },
  );

  app.post(
    '/applications',
    {
      schema: {
        summary: 'Put a job in the pipeline (Saved unless a stage is given), or bring it back',
        tags,
        body: applicationCreateSchema,
        response: { 201: applicationDetailSchema, ...refusals, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const now = ctx.now();
      const { job_id: jobId, stage = 'saved' } = request.body;
      const at = loggedAt(request.body.at, now);
      const created = await writing(() => pipeline.create(jobId, stage, at, now));
      request.log.info({ jobId, stage }, 'application created');
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/applications/:job_id',
    {
      schema: {
        summary: 'One application with its history (oldest first) and contacts',
        tags,
        params: jobIdParamSchema,
        response: { 200: applicationDetailSchema, ...refusals },
      },
    },
    async (request) => detail(request.params.job_id),
  );

  app.patch(
    '/applications/:job_id',
    {
      schema: {
        summary:
          'Move an application to a stage (dated `at`, now when left out) and set its notes, reference, salaries and next step',
        description:
          'A move to Rejected, Withdrawn or No answer ends the next step, and so does a move sent with `next_step` (null, or a new one): the move’s history entry keeps the step it ended (`ended_next_step`), and undoing the move brings it back. A closed application takes no next step (409) until it is moved out again.',
        tags,
        params: jobIdParamSchema,
        body: applicationUpdateSchema,
        response: { 200: applicationDetailSchema, ...refusals, 409: errorBodySchema },
      },
    },
    async (request) => {
      const { body } = request;
      if (body.at !== undefined && body.stage === undefined)
        throw new HttpError(400, 'at dates a move: send it with stage');
      if (body.stage !== undefined && isClosingStage(body.stage) && body.next_step)
        throw new HttpError(400, closedTakesNoNextStep(body.stage));
      const now = ctx.now();
      const change = { stage: body.stage, at: loggedAt(body.at, now), fields: fieldsOf(body) };
      return writing(() => pipeline.update(request.params.job_id, change, now));
    },
  );

  app.delete(
    '/applications/:job_id',
    {
      schema: {
        summary: 'Remove an application with its history and contacts; the job goes back to seen',
        tags,
        params: jobIdParamSchema,
        response: { 200: pipelineDeletedSchema, ...refusals },
      },
    },
    async (request) => {
      if (!(await ctx.connection.write(() => pipeline.remove(request.params.job_id))))
        throw new HttpError(404, APPLICATION_NOT_FOUND);
      return { success: true as const };
    },
  );

  app.patch(
    '/applications/:job_id/history/:event_id',
    {
      schema: {
        summary: 'Correct when a stage change happened (the stage’s since follows the latest)',
        tags,
        params: applicationEventParamSchema,
        body: applicationEventUpdateSchema,
        response: { 200: applicationDetailSchema, ...refusals },
      },
    },
    async (request) => {
      const now = ctx.now();
      const at = loggedAt(request.body.at, now);
      const { job_id: jobId, event_id: eventId } = request.params;
      return writing(() => pipeline.editEventAt(jobId, eventId, at, now));
    },
  );

  app.delete(
    '/applications/:job_id/history/:event_id',
    {
      schema: {
        summary:
          'Undo a move: its history entry goes, and the stage, its date and the next step the move ended come back',
        description:
          'Only the latest entry can be undone, and not the first (it started the application) nor the No answer rule’s (409). The history reads as if the move had never been made; the job’s triage state follows the stage.',
        tags,
        params: applicationEventParamSchema,
        response: { 200: applicationDetailSchema, ...refusals, 409: errorBodySchema },
      },
    },
    async (request) => {
      const { job_id: jobId, event_id: eventId } = request.params;
      const undone = answering(() => pipeline.undoMove(jobId, eventId, ctx.now()));
      request.log.info({ jobId, eventId }, 'move undone');
      return undone;
    },
  );

  app.post(
    '/applications/:job_id/contacts',
    {
      schema: {
        summary: 'Add a contact to an application',
        tags,
        params: jobIdParamSchema,
        body: contactCreateSchema,
        response: { 201: applicationContactSchema, ...refusals, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { job_id: jobId } = request.params;
      const added = await writing(() => contacts.add(jobId, request.body, ctx.now()));
      return reply.code(201).send(added);
    },
  );

  app.patch(
    '/applications/:job_id/contacts/:contact_id',
    {
      schema: {
        summary: 'Change a contact of an application',
        tags,
        params: applicationContactParamSchema,
        body: contactUpdateSchema,
        response: { 200: applicationContactSchema, ...refusals },
      },
    },
    async (request) => {
      const { job_id: jobId, contact_id: contactId } = request.params;
      return writing(() => contacts.update(jobId, contactId, request.body, ctx.now()));
    },
  );

  app.delete(
    '/applications/:job_id/contacts/:contact_id',
    {
      schema: {
        summary: 'Remove a contact from an application',
        tags,
        params: applicationContactParamSchema,
        response: { 200: pipelineDeletedSchema, ...refusals },
      },
    },
    async (request) => {
      const { job_id: jobId, contact_id: contactId } = request.params;
      await writing(() => contacts.remove(jobId, contactId, ctx.now()));
      return { success: true as const };
    },
  );
};
