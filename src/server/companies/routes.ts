import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bannedCompanyListSchema,
  banResponseSchema,
  errorBodySchema,
  idParamSchema,
  unbanResponseSchema,
} from '../../contract';
import {
  banCompany,
  fillBannedCompanyNames,
  findBannedCompany,
  listBannedCompanies,
  unbanCompany,
} from '../../db/companies/companies';
import type { AppContext } from '../context';
import type { CompanyLookup } from './company-lookup';
import { createCompanyNameResolver } from './company-name-resolver';
import { siteCompanyLookup } from './site-company-lookup';

export interface CompanyRoutesOptions {
  ctx: AppContext;
  /** Tests may hand in another lookup or a shorter wait; the app uses the site client. */
  lookup?: CompanyLookup;
  lookupWaitMs?: number;
}

/** The block list: GET /companies/banned, POST and DELETE /companies/{id}/ban. */
export const companyRoutes: FastifyPluginAsync<CompanyRoutesOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = options;
  const resolveCompanyName = createCompanyNameResolver({
    db: ctx.db,
    now: ctx.now,
    log: ctx.log,
    lookup: options.lookup ?? siteCompanyLookup(ctx),
    waitMs: options.lookupWaitMs,
  });

  app.get(
    '/companies/banned',
    { schema: { summary: 'The blocked companies', response: { 200: bannedCompanyListSchema } } },
    async () => {
      // Names learned since the block (by a batch, or a slow lookup) show up on the next read.
      await fillBannedCompanyNames(ctx.db);
      return listBannedCompanies(ctx.db);
    },
  );

  app.post(
    '/companies/:id/ban',
    {
      schema: {
        summary: 'Block a company: its jobs are no longer enriched nor exported',
        params: idParamSchema,
        response: { 200: banResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const existing = await findBannedCompany(ctx.db, id);
      // Blocking again is not an error; it is also the operator's way to retry a missing name.
      if (existing?.normalized_name) return existing;
      const name = await resolveCompanyName(id);
      const row = await banCompany(ctx.db, id, name, ctx.now());
      request.log.info({ companyId: id, named: row.normalized_name !== '' }, 'company blocked');
      return row;
    },
  );

  app.delete(
    '/companies/:id/ban',
    {
      schema: {
        summary: 'Unblock a company',
        params: idParamSchema,
        response: { 200: unbanResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      await unbanCompany(ctx.db, request.params.id);
      request.log.info({ companyId: request.params.id }, 'company unblocked');
      return { success: true as const };
    },
  );
};
