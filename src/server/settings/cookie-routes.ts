import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cookieStatusSchema, errorBodySchema, type CookieStatus } from '../../contract';
import { createCookieStateStore, type CookieState } from '../../runner';
import { isSiteError } from '../../runner';
import type { AppContext } from '../context';
import { HttpError } from '../plugins/errors';

/** GET /settings/cookies/status's answer; the Overview's site health shows the same (issue 32). */
export function cookieStatusOf(state: CookieState): CookieStatus {
  const last = state.last;
  return {
    cookies: state.cookies,
    last_check:
      last === null
        ? null
        : {
            state: last.state,
            checked_at: new Date(last.checkedAt).toISOString(),
            source: last.source,
            batch_id: last.batchId,
            current: last.current,
          },
  };
}

/**
 * "Check cookies" (issue 12): asks the site's signed-in API whether the saved session works and
 * records the verdict with a SHA-256 of the cookies it was about (docs/decisions/024). The
 * cookies themselves are never logged nor answered here.
 */
export const cookieRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const store = createCookieStateStore(ctx.connection);
  const site = ctx.config.siteName;

  app.get(
    '/settings/cookies/status',
    {
      schema: {
        summary: "What is known about the stored cookies: present, and the site's last verdict",
        response: { 200: cookieStatusSchema },
      },
    },
    async () => cookieStatusOf(store.read()),
  );

  app.post(
    '/settings/cookies/check',
    {
      schema: {
        summary: 'Ask the site whether the stored cookies still sign in',
        response: { 200: cookieStatusSchema, 409: errorBodySchema, 502: errorBodySchema },
      },
    },
    async (request) => {
      const cookies = store.storedCookies();
      if (cookies.trim() === '') {
        throw new HttpError(409, `No cookies saved: paste ${site} cookies and save them first`);
      }
      let verdict: 'valid' | 'rejected';
      try {
        verdict = await ctx.site.checkSession(cookies);
      } catch (error) {
        if (!isSiteError(error)) throw error;
        // Missing li_at / JSESSIONID: the operator's next step, before any request.
        if (error.kind === 'needs-cookies') throw new HttpError(409, error.message);
        // The site could not be asked: that says nothing about the cookies, so nothing is stored.
        request.log.warn({ kind: error.kind, reason: error.message }, 'cookie check failed');
        throw new HttpError(502, `Could not ask ${site} about the cookies: ${error.message}`);
      }
      await ctx.connection.write(() => store.record(verdict, cookies, ctx.now(), 'check'));
      request.log.info({ verdict }, 'cookies checked');
      return cookieStatusOf(store.read());
    },
  );
};
