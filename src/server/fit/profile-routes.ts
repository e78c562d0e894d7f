import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema, idParamSchema } from '../../contract';
import {
  FIT_PROFILES_MAX,
  fitProfileListSchema,
  fitProfileSchema,
  fitProfileWriteSchema,
} from '../../contract/fit';
import {
  fitProfileDeletedSchema,
  fitProfileConflictSchema,
  fitSuggestionsSchema,
} from '../../contract/fit-api';
import { FitProfileRefused, FitProfiles } from '../../db/fit/fit-profiles';
import { FitTriageTexts } from '../../db/fit/triage-texts';
import { prepareFitAliasesSetting } from '../../db/settings';
import { compileProfile, suggestFromTriage } from '../../fit';
import { aliasesFromSetting } from '../../runner/fit-sync';
import type { AppContext } from '../context';
import { HttpError } from '../plugins/errors';
import { queryListCache } from '../queries/query-list-cache';
import { notifyFitChanged } from './fit-events';

// /fit-profiles (issue 40, docs/decisions/063): what the operator looks for, up to
// FIT_PROFILES_MAX; each saved query's jobs are scored against one (the default unless it names
// another). A change is one write; the stored jobs are scored again in the background.

export const FIT_PROFILE_NOT_FOUND_MESSAGE = 'Fit profile not found';
export const FIT_PROFILE_LIMIT_MESSAGE = `Maximum fit profile limit reached: at most ${FIT_PROFILES_MAX} profiles, delete one first`;
export const FIT_DEFAULT_NEEDED_MESSAGE =
  'This is the default fit profile: make another profile the default first';
export const fitNameTakenMessage = (name: string) =>
  `A fit profile named "${name}" exists already: choose another name`;

/**
 * The most saved (and applied) jobs, and hidden ones, suggestions learn from: the latest of each.
 * suggestFromTriage reads about a thousand jobs a second on one thread, and the request waits.
 */
export const FIT_SUGGEST_JOBS_READ = 500;

const tags = ['fit'];

/** The store's refusals as the API answers them. */
function answering<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (!(error instanceof FitProfileRefused)) throw error;
    const { refusal } = error;
    if (refusal.kind === 'not-found') throw new HttpError(404, FIT_PROFILE_NOT_FOUND_MESSAGE);
    if (refusal.kind === 'limit')
      throw new HttpError(409, FIT_PROFILE_LIMIT_MESSAGE, {
        current_count: refusal.current,
        max_allowed: FIT_PROFILES_MAX,
      });
    if (refusal.kind === 'name-taken') throw new HttpError(409, fitNameTakenMessage(refusal.name));
    throw new HttpError(409, FIT_DEFAULT_NEEDED_MESSAGE);
  }
}

export const fitProfileRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (
  fastify,
  { ctx },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const profiles = new FitProfiles(ctx.connection);
  const triage = new FitTriageTexts(ctx.connection);
  const aliases = prepareFitAliasesSetting(ctx.connection);
  /** A change, written, then the rescoring told. */
  const changing = async <T>(work: () => T): Promise<T> => {
    const result = await ctx.connection.write(() => answering(work));
    notifyFitChanged(ctx);
    return result;
  };
  const errors = { 404: errorBodySchema, 409: errorBodySchema } as const;

  app.get(
    '/fit-profiles',
    {
      schema: {
        summary: 'Every fit profile, the default first, then by name',
        tags,
        response: { 200: fitProfileListSchema },
      },
    },
    async () => profiles.list(),
  );

  app.post(
    '/fit-profiles',
    {
      schema: {
        summary: `Make a fit profile (at most ${FIT_PROFILES_MAX}; the first one made is the default)`,
        tags,
        body: fitProfileWriteSchema,
        response: { 201: fitProfileSchema, 409: fitProfileConflictSchema },
      },
    },
    async (request, reply) => {
      const profile = await changing(() => profiles.create(request.body, ctx.now()));
      request.log.info({ fitProfileId: profile.id }, 'fit profile made');
      return reply.code(201).send(profile);
    },
  );

  app.get(
    '/fit-profiles/:id',
    {
      schema: {
        summary: 'One fit profile',
        tags,
        params: idParamSchema,
        response: { 200: fitProfileSchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const profile = profiles.find(request.params.id);
      if (!profile) throw new HttpError(404, FIT_PROFILE_NOT_FOUND_MESSAGE);
      return profile;
    },
  );

  app.put(
    '/fit-profiles/:id',
    {
      schema: {
        summary: 'Change every field of a fit profile (is_default: true makes it the default)',
        tags,
        params: idParamSchema,
        body: fitProfileWriteSchema,
        response: { 200: fitProfileSchema, ...errors },
      },
    },
    async (request) => {
      const profile = await changing(() =>
        profiles.update(request.params.id, request.body, ctx.now()),
      );
      request.log.info(
        { fitProfileId: profile.id, version: profile.version },
        'fit profile changed',
      );
      return profile;
    },
  );

  app.delete(
    '/fit-profiles/:id',
    {
      schema: {
        summary:
          'Delete a fit profile: its queries use the default; the default goes only as the last one',
        tags,
        params: idParamSchema,
        response: { 200: fitProfileDeletedSchema, ...errors },
      },
    },
    async (request) => {
      await changing(() => profiles.delete(request.params.id));
      // Its queries now name no profile (the default): the queries' kept list is out of date.
      queryListCache(ctx).forget();
      request.log.info({ fitProfileId: request.params.id }, 'fit profile deleted');
      return { success: true as const };
    },
  );

  app.get(
    '/fit-profiles/:id/suggestions',
    {
      schema: {
        summary: `Changes the operator's triage suggests: words much more common in saved and applied jobs than in hidden ones (plus skills?), and the reverse (dealbreakers?), from the latest ${FIT_SUGGEST_JOBS_READ} of each this profile scores`,
        tags,
        params: idParamSchema,
        response: { 200: fitSuggestionsSchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const profile = profiles.find(request.params.id);
      if (!profile) throw new HttpError(404, FIT_PROFILE_NOT_FOUND_MESSAGE);
      const { saved, hidden } = triage.of(profile.id, FIT_SUGGEST_JOBS_READ);
      const compiled = compileProfile(profile, aliasesFromSetting(aliases.read()).groups);
      const found = suggestFromTriage(saved, hidden, compiled);
      return {
        ready: found !== null,
        saved_of: saved.length,
        hidden_of: hidden.length,
        items: found ? [...found.plus_skills, ...found.dealbreakers] : [],
      };
    },
  );
};
