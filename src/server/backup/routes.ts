import fs from 'node:fs';
import type { FastifyPluginAsync } from 'fastify';
import { backupFileName, mediaResponse } from '../../contract';
import { dayInZone } from '../../runner';
import type { AppContext } from '../context';
import { backupInto, tempFileIn } from '../../db/backup';

const SQLITE_MEDIA_TYPE = 'application/vnd.sqlite3';

/**
 * GET /backup (issue 12): a consistent snapshot of the live database, made with SQLite's online
 * backup API while batches keep writing, then streamed and deleted (docs/decisions/025). It holds
 * the secrets the database holds (cookies, password hash, SMTP passwords): it is the operator's
 * own data, answered only with a session and never cached.
 */
export const backupRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/backup',
    {
      schema: {
        summary: 'Download a consistent copy of the database (a backup)',
        response: {
          200: mediaResponse('A consistent copy of the SQLite database', [SQLITE_MEDIA_TYPE]),
        },
      },
    },
    async (request, reply) => {
      const temp = tempFileIn(ctx.config.dataDir, 'backup');
      const started = Date.now();
      await backupInto(ctx.connection, temp, 'chunked');
      const size = fs.statSync(temp).size;
      const stream = fs.createReadStream(temp);
      // Removed once sent, or once the client went away; on Linux the open stream still reads it.
      stream.once('open', () => fs.rmSync(temp, { force: true }));
      stream.once('error', () => fs.rmSync(temp, { force: true }));
      request.log.info({ bytes: size, ms: Date.now() - started }, 'backup made');
      const name = backupFileName(dayInZone(ctx.now(), ctx.config.timeZone));
      return reply
        .header('content-type', SQLITE_MEDIA_TYPE)
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('content-length', size)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
};
