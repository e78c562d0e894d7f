import { Pool } from 'undici';

/**
 * A small closed-loop load generator: `connections` clients, each sending the next request as
 * soon as the last one answered, for `durationMs`. Returns requests per second (200s only).
 */
export async function measureThroughput(
  origin: string,
  path: string,
  headers: Record<string, string>,
  connections: number,
  durationMs: number,
): Promise<{ rps: number; errors: number }> {
  const pool = new Pool(origin, { connections, pipelining: 1 });
  let ok = 0;
  let errors = 0;
  const deadline = performance.now() + durationMs;
  const client = async () => {
    while (performance.now() < deadline) {
      try {
        const res = await pool.request({ method: 'GET', path, headers });
        await res.body.arrayBuffer();
        if (res.statusCode === 200) ok += 1;
        else errors += 1;
      } catch {
        errors += 1;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, client));
  const elapsed = performance.now() - started;
  await pool.close();
  return { rps: (ok / elapsed) * 1000, errors };
}
