import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { collect, harness, type Harness } from './test-support';

let h: Harness | undefined;
let proxy: Server | undefined;
const sockets = new Set<Socket>();
afterEach(async () => {
  await h?.close();
  h = undefined;
  for (const s of sockets) s.destroy();
  await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
  proxy = undefined;
});

/** A minimal CONNECT proxy that records where it was asked to tunnel. */
async function startProxy(tunnels: string[]): Promise<string> {
  const server = createServer((_req, res) => res.writeHead(405).end());
  proxy = server;
  server.on('connect', (req, client: Socket, head: Buffer) => {
    tunnels.push(req.url ?? '');
    const [host = '127.0.0.1', port = '80'] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream).add(client);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('proxy has no port');
  return `http://127.0.0.1:${address.port}`;
}

describe('SCRAPE_PROXY_URL', () => {
  it('sends all site traffic through the proxy', async () => {
    const tunnels: string[] = [];
    const proxyUrl = await startProxy(tunnels);
    h = await harness({ proxyUrl }, { jobsPerQuery: 15 });
    const pages = await collect(h.client.searchJobs({ keywords: 'proxy', geoId: '103035651' }));
    await h.client.searchPlaces('Berl');
    expect(pages.flatMap((p) => p.cards)).toHaveLength(15);
    expect(tunnels.length).toBeGreaterThan(0);
    expect(new Set(tunnels)).toEqual(new Set([`127.0.0.1:${h.sim.port}`]));
  });
});
