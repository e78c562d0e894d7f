import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorBodySchema,
  idParamSchema,
  jobDetailSchema,
  ruleApplyResultSchema,
  ruleDeletedSchema,
  ruleDryRunQuerySchema,
  ruleImportBodySchema,
  ruleImportQuerySchema,
  ruleImportResultSchema,
  ruleListSchema,
  ruleOrderBodySchema,
  rulePatchSchema,
  rulePreviewBodySchema,
  rulePreviewSchema,
  ruleRestoreResultSchema,
  RULES_EXPORT_FILE_NAME,
  ruleSchema,
  ruleSetExportSchema,
  ruleWriteSchema,
  RULES_IMPORT_MAX_BYTES,
} from '../../contract';
import { compileRule } from '../../contract/rule-matcher';
import {
  RULE_NOT_FOUND_MESSAGE,
  RuleNotFoundError,
  RuleRepository,
  RuleSetRefusedError,
} from '../../db/rules/rule-repository';
import { StoredJobRules } from '../../db/rules/stored-jobs';
import { DescriptionIndex } from '../../db/jobs/description-index';
import { compileRuleRow } from '../../runner/apply-rules';
import type { AppContext } from '../context';
import { HttpError } from '../plugins/errors';
import { fetchJobDetailsNow } from './job-details-now';
import { toWire } from './rule-wire';

const errors = { 400: errorBodySchema, 404: errorBodySchema } as const;
const tags = ['rules'];

/** The rule set's refusals as the API answers them: a missing rule 404, a refused change 400. */
function answering<T>(work: () => T): T {
  try {
    return work();
  } catch (err) {
    if (err instanceof RuleNotFoundError) throw new HttpError(404, err.message);
    if (err instanceof RuleSetRefusedError) throw new HttpError(400, err.message);
    throw err;
  }
}

/** /rules…: the rule set (issue 17, docs/decisions/036), and fetching a job's details on demand. */
export const ruleRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const rules = new RuleRepository(ctx.connection);
  const stored = new StoredJobRules(ctx.connection, new DescriptionIndex(ctx.connection));
  const list = () => ({ items: rules.list().map(toWire) });
  // A change is one write on the shared connection (it waits for an open Kysely transaction).
  const writing = <T>(work: () => T): Promise<T> => ctx.connection.write(() => answering(work));

  app.get(
    '/rules',
    { schema: { summary: 'List the rules, in order', tags, response: { 200: ruleListSchema } } },
    async () => list(),
  );

  app.post(
    '/rules',
    {
      schema: {
        summary: 'Add a rule',
        tags,
        body: ruleWriteSchema,
        response: { 201: ruleSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      const row = await writing(() => rules.create(request.body, ctx.now()));
      request.log.info({ ruleId: row.id, action: row.action }, 'rule added');
      return reply.code(201).send(toWire(row));
    },
  );

  app.patch(
    '/rules/:id',
    {
      schema: {
        summary: 'Edit, enable or disable a rule',
        tags,
        params: idParamSchema,
        body: rulePatchSchema,
        response: { 200: ruleSchema, ...errors },
      },
    },
    async (request) =>
      toWire(await writing(() => rules.update(request.params.id, request.body, ctx.now()))),
  );

  // What a hide rule hid stays hidden: the answer says how many it could bring back.
  app.delete(
    '/rules/:id',
    {
      schema: {
        summary: 'Delete a rule (what it hid stays hidden; see restore)',
        tags,
        params: idParamSchema,
        response: { 200: ruleDeletedSchema, ...errors },
      },
    },
    async (request) => {
      const row = await writing(() => rules.delete(request.params.id, ctx.now()));
      return { success: true as const, restorable: stored.restore(row.id, true) };
    },
  );

  app.put(
    '/rules/order',
    {
      schema: {
        summary: 'Put the rules in a new order',
        tags,
        body: ruleOrderBodySchema,
        response: { 200: ruleListSchema, 400: errorBodySchema },
      },
    },
    async (request) => ({
      items: (await writing(() => rules.reorder(request.body.ids, ctx.now()))).map(toWire),
    }),
  );

  app.post(
    '/rules/preview',
    {
      schema: {
        summary: 'Preview which stored jobs a rule matches',
        tags,
        body: rulePreviewBodySchema,
        response: { 200: rulePreviewSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      const body = request.body;
      return stored.preview(
        compileRule({
          id: 0,
          name: body.name ?? '',
          conditions: body.conditions,
          match: body.match,
          exceptions: body.exceptions,
          action: body.action ?? 'hide',
          color: null,
          fit: body.fit ?? null,
        }),
      );
    },
  );

  app.post(
    '/rules/:id/apply',
    {
      schema: {
        summary: 'Apply a rule to every stored job (dry_run counts first)',
        tags,
        params: idParamSchema,
        querystring: ruleDryRunQuerySchema,
        response: { 200: ruleApplyResultSchema, ...errors },
      },
    },
    async (request) => {
      const row = answering(() => rules.live(request.params.id));
      const dryRun = request.query.dry_run ?? false;
      const result = await ctx.connection.write(() => stored.apply(compileRuleRow(row), dryRun));
      if (!result.dry_run) {
        request.log.info(
          { ruleId: row.id, changed: result.changed },
          'rule applied to stored jobs',
        );
      }
      return result;
    },
  );

  // Also for a deleted rule: deleting one is when bringing its jobs back is most often wanted.
  app.post(
    '/rules/:id/restore',
    {
      schema: {
        summary: 'Bring back the jobs a hide rule hid that nobody changed since',
        tags,
        params: idParamSchema,
        querystring: ruleDryRunQuerySchema,
        response: { 200: ruleRestoreResultSchema, ...errors },
      },
    },
    async (request) => {
      const row = rules.find(request.params.id);
      if (!row) throw new HttpError(404, RULE_NOT_FOUND_MESSAGE);
      const dryRun = request.query.dry_run ?? false;
      const restored = await ctx.connection.write(() => stored.restore(row.id, dryRun));
      return { restored, dry_run: dryRun };
    },
  );

  app.get(
    '/rules/export',
    {
      schema: {
        summary: 'Download the rule set as a versioned JSON file',
        tags,
        response: { 200: ruleSetExportSchema },
      },
    },
    async (_request, reply) =>
      reply
        .header('content-disposition', `attachment; filename="${RULES_EXPORT_FILE_NAME}"`)
        .send(rules.export()),
  );

  // Its own body limit, derived from the rules' limits: the server's 256 kB would refuse what
  // export writes (200 rules at the limits are 2.6 MB of plain words, 18 MB at worst).
  app.post(
    '/rules/import',
    {
      bodyLimit: RULES_IMPORT_MAX_BYTES,
      schema: {
        summary: 'Import a rule set file, adding to or replacing the rules',
        tags,
        querystring: ruleImportQuerySchema,
        body: ruleImportBodySchema,
        response: { 200: ruleImportResultSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      const rows = await writing(() =>
        rules.import(request.body.rules, request.query.mode, ctx.now()),
      );
      request.log.info({ imported: rows.length, mode: request.query.mode }, 'rules imported');
      return { imported: rows.length, items: list().items };
    },
  );

  app.post(
    '/jobs/:id/details',
    {
      schema: {
        summary: "Fetch a job's details from the site now",
        tags: ['jobs'],
        params: idParamSchema,
        response: {
          200: jobDetailSchema,
          ...errors,
          410: errorBodySchema,
          502: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request) => fetchJobDetailsNow(ctx, request.params.id),
  );
};
