import type { FastifyError, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../contract';
import { FIT_CV_UPLOAD_MAX_BYTES } from '../../contract/fit';
import { fitCvTextQuerySchema, fitCvTextSchema } from '../../contract/fit-api';
import { prepareFitAliasesSetting } from '../../db/settings';
import { skillsFromText } from '../../fit';
import { aliasesFromSetting } from '../../runner/fit-sync';
import type { AppContext } from '../context';
import { cvText, CvTextError, cvTooBig, type CvTextErrorCode } from './cv-text';

// POST /fit-profiles/cv-text (issue 40): the text of an uploaded CV and the listed skills it
// names, for the profile screen to fill in. The body is the file itself, of any media type (the
// name's ending, else the type, tells .txt, .pdf or .docx: cv-text.ts), up to
// FIT_CV_UPLOAD_MAX_BYTES for this route alone. Nothing is stored.

/** A file's refusals: the request's (too big, another kind) and the file's (no text to give). */
const STATUS_OF: Readonly<Record<CvTextErrorCode, 413 | 415 | 422>> = {
  too_big: 413,
  wrong_type: 415,
  unreadable: 422,
  encrypted: 422,
  no_text: 422,
  too_long: 422,
};

const DESCRIPTION = `The body is the file's bytes, sent with its media type (text/plain, application/pdf,
application/vnd.openxmlformats-officedocument.wordprocessingml.document, or application/octet-stream
with the file's name in \`name\`), at most ${FIT_CV_UPLOAD_MAX_BYTES / 1024 / 1024} MB. The name's
ending (.txt, .pdf, .docx) is read first, then the media type. The text is answered, never kept.`;

export const fitCvRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const aliases = prepareFitAliasesSetting(ctx.connection);
  // This scope's own parsers: every media type is taken as bytes (cv-text.ts tells the kinds
  // apart, and says which it takes), within this route's own limit.
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: FIT_CV_UPLOAD_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  fastify.setErrorHandler((error: FastifyError | CvTextError, _request, reply) => {
    if (error instanceof CvTextError)
      return reply.code(STATUS_OF[error.code]).send({ error: error.message });
    if ('code' in error && error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return reply.code(413).send({ error: cvTooBig().message });
    // Anything else is answered as every other route's.
    throw error;
  });
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/fit-profiles/cv-text',
    {
      bodyLimit: FIT_CV_UPLOAD_MAX_BYTES,
      schema: {
        summary: 'Read a CV’s text (.txt, .pdf or .docx) and the listed skills it names',
        description: DESCRIPTION,
        tags: ['fit'],
        querystring: fitCvTextQuerySchema,
        response: {
          200: fitCvTextSchema,
          413: errorBodySchema,
          415: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request) => {
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const text = await cvText({
        bytes,
        name: request.query.name ?? '',
        type: request.headers['content-type'] ?? null,
      });
      const groups = aliasesFromSetting(aliases.read()).groups;
      return { text, skills: skillsFromText(text, groups).map((skill) => skill.name) };
    },
  );
};
