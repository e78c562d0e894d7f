import Fastify from 'fastify';

// The comparison point of DESIGN.md's throughput budget: a bare Fastify route answering the same
// JSON, with no auth, no database and no schema. Run as its own process, like the real server.
const port = Number(process.argv[2] ?? '0');
const payload: unknown = JSON.parse(process.argv[3] ?? '[]');
const app = Fastify({ logger: false });
app.get('/api/v1/queries', async () => payload);
await app.listen({ port, host: '127.0.0.1' });
process.stdout.write('ready\n');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
