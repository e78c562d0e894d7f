import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fitAliasesSchema, fitAliasesWriteSchema, type FitAliases } from '../../contract/fit-api';
import { FitProfiles } from '../../db/fit/fit-profiles';
import { prepareFitAliasesSetting } from '../../db/settings';
import { aliasesFromSetting } from '../../runner/fit-sync';
import type { AppContext } from '../context';
import { notifyFitChanged } from './fit-events';

// /fit-aliases (issue 40): one alias list for every profile (JS = JavaScript, k8s = Kubernetes),
// the built-in one until the operator edits it. A change moves every profile's version in the
// same write, so every stored score is made again in the background with the new list.

/** The list at its largest (1,000 groups of 20 aliases) is some 2 MB of JSON. */
export const FIT_ALIASES_BODY_MAX_BYTES = 4 * 1024 * 1024;

const tags = ['fit'];

export const fitAliasRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const setting = prepareFitAliasesSetting(ctx.connection);
  const profiles = new FitProfiles(ctx.connection);
  const current = (): FitAliases => {
    const { groups, builtIn } = aliasesFromSetting(setting.read());
    return { groups: groups.map((group) => [...group]), built_in: builtIn };
  };
  /** The list changed: every profile's scores are out of date. */
  const changing = async (work: () => void): Promise<FitAliases> => {
    await ctx.connection.write(() => {
      work();
      profiles.bumpAll(ctx.now());
    });
    notifyFitChanged(ctx);
    return current();
  };

  app.get(
    '/fit-aliases',
    {
      schema: {
        summary: 'The alias groups every fit profile is scored with (JS = JavaScript)',
        tags,
        response: { 200: fitAliasesSchema },
      },
    },
    async () => current(),
  );

  app.put(
    '/fit-aliases',
    {
      bodyLimit: FIT_ALIASES_BODY_MAX_BYTES,
      schema: {
        summary: 'Replace the alias groups (every stored job is scored again)',
        tags,
        body: fitAliasesWriteSchema,
        response: { 200: fitAliasesSchema },
      },
    },
    async (request) => {
      const answer = await changing(() => setting.write(JSON.stringify(request.body.groups)));
      request.log.info({ groups: answer.groups.length }, 'fit aliases changed');
      return answer;
    },
  );

  app.delete(
    '/fit-aliases',
    {
      schema: {
        summary: 'Bring back the built-in alias groups (every stored job is scored again)',
        tags,
        response: { 200: fitAliasesSchema },
      },
    },
    async (request) => {
      const answer = await changing(() => setting.reset());
      request.log.info('fit aliases reset to the built-in list');
      return answer;
    },
  );
};
