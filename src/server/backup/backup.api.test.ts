import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { openSqliteFile } from '../../db/sqlite-file';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, VALID_COOKIES, type Simulator } from '../../../simulator';
import { BERLIN, LONDON, PARIS, seedQueries, saveSetting } from '../../runner/runner-test-kit';
import { startTestServer, type TestServer } from '../test-harness';

// GET /backup (issue 12) on a real server and database, while a batch against the simulated
// site keeps writing.

const GUEST_SEARCH = '/jobs-guest/jobs/api/seeMoreJobPostings/search';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let simulator: Simulator;
beforeAll(async () => {
  simulator = await startSimulator({ jobsPerQuery: 60, jobCount: 120, companyCount: 6 });
});
afterAll(async () => {
  await simulator.close();
});

let server: TestServer;
const dirs: string[] = [];
beforeEach(async () => {
  simulator.reset();
  server = await startTestServer({ LINKEDIN_BASE_URL: simulator.url, TZ: 'Pacific/Honolulu' });
});
afterEach(async () => {
  await server.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const count = (sql: string): number => Number(server.database.sqlite.prepare(sql).pluck().get());

function writeSnapshot(body: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-backup-'));
  dirs.push(dir);
  const file = path.join(dir, 'snapshot.sqlite');
  fs.writeFileSync(file, body);
  return file;
}

describe('GET /backup', () => {
  it('streams a consistent snapshot while a batch keeps writing, and leaves no temporary file', async () => {
    saveSetting(server.database, 'cookies', VALID_COOKIES);
    seedQueries(server.database, [
      { jobTitle: 'python developer', ...BERLIN },
      { jobTitle: 'data engineer', ...PARIS },
      { jobTitle: 'product designer', ...LONDON },
    ]);
    simulator.faults.latency(30, { pathPrefix: GUEST_SEARCH });
    const start = await server.authed({ method: 'POST', url: '/api/v1/batches' });
    expect(start.statusCode).toBe(201);
    const deadline = Date.now() + 20_000;
    while (count('SELECT COUNT(*) FROM jobs') < 10) {
      if (Date.now() > deadline) throw new Error('no jobs stored');
      await sleep(10);
    }

    const res = await server.authed({ method: 'GET', url: '/api/v1/backup' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.sqlite3');
    // 2026-11-02T08:00Z is still 1 November in Honolulu, the server's zone.
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="jobscout-2026-11-01.sqlite"',
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const jobsAfter = count('SELECT COUNT(*) FROM jobs');
    // The file format's read and write versions: 1 is a rollback journal, 2 would be WAL (a
    // file that grows -wal and -shm beside it once opened).
    expect([res.rawPayload[18], res.rawPayload[19]]).toEqual([1, 1]);

    const snapshot = openSqliteFile(writeSnapshot(res.rawPayload), { readonly: true });
    try {
      expect(snapshot.pragma('integrity_check', { simple: true })).toBe('ok');
      const jobs = Number(snapshot.prepare('SELECT COUNT(*) FROM jobs').pluck().get());
      expect(jobs).toBeGreaterThanOrEqual(10);
      expect(jobs).toBeLessThanOrEqual(jobsAfter);
      expect(snapshot.prepare('SELECT COUNT(*) FROM query_runs').pluck().get()).toBeGreaterThan(0);
    } finally {
      snapshot.close();
    }
    // The batch went on writing during and after the backup.
    const later = Date.now() + 20_000;
    while (count('SELECT COUNT(*) FROM jobs') <= jobsAfter && Date.now() < later) await sleep(10);
    expect(count('SELECT COUNT(*) FROM jobs')).toBeGreaterThan(jobsAfter);
    expect(fs.readdirSync(server.dataDir).filter((f) => f.startsWith('.backup-'))).toEqual([]);
  });

  it('lets go of the copy when the client goes away mid-download', async () => {
    // 8 MB that hardly compresses, so the answer is far larger than the socket's buffers.
    const padding = Buffer.alloc(8 * 1024 * 1024);
    for (let i = 0; i < padding.length; i++) padding[i] = (i * 7919) % 251;
    server.database.sqlite
      .prepare(`INSERT INTO settings (key, value) VALUES ('test_padding', ?)`)
      .run(padding.toString('base64'));
    const token = await server.signIn();
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening');
    // Every descriptor this process holds on a backup copy (unlinked ones read "(deleted)").
    const openCopies = () =>
      fs
        .readdirSync('/proc/self/fd')
        .map((fd) => {
          try {
            return fs.readlinkSync(`/proc/self/fd/${fd}`);
          } catch {
            return '';
          }
        })
        .filter((target) => target.includes('/.backup-'));

    let midDownload: string[] = [];
    const firstChunk = await new Promise<number>((resolve, reject) => {
      const req = http.get(
        {
          host: '127.0.0.1',
          port: address.port,
          path: '/api/v1/backup',
          headers: { authorization: `Bearer ${token}` },
        },
        (res) => {
          expect(res.statusCode).toBe(200);
          res.once('data', (chunk: Buffer) => {
            // Mid-download the server reads the copy through one descriptor, unlinked already.
            midDownload = openCopies();
            req.destroy();
            resolve(chunk.length);
          });
        },
      );
      req.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ECONNRESET') reject(error);
      });
    });
    expect(firstChunk).toBeGreaterThan(0);
    expect(midDownload).toEqual([expect.stringMatching(/\/\.backup-\w+\.sqlite \(deleted\)$/)]);
    const deadline = Date.now() + 5_000;
    while (openCopies().length > 0 && Date.now() < deadline) await sleep(20);
    expect(openCopies()).toEqual([]);
    expect(fs.readdirSync(server.dataDir).filter((f) => f.startsWith('.backup-'))).toEqual([]);

    // And the next download is whole.
    const res = await server.authed({ method: 'GET', url: '/api/v1/backup' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeGreaterThan(padding.length);
  });

  it('needs a session', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/backup' });
    expect(res.statusCode).toBe(401);
  });
});
