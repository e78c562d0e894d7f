import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * On close, ends every connection that has no request in flight. Node counts a connection that
 * was opened but has not sent a request yet (browsers open such spare connections) as busy until
 * its header timeout, so a graceful close would otherwise wait up to a minute for a request that
 * never comes. Requests in flight, such as an export download, still finish.
 */
export function closeIdleSocketsOnClose(app: FastifyInstance): void {
  const sockets = new Set<Socket>();
  const busy = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => {
      sockets.delete(socket);
      busy.delete(socket);
    });
  });
  app.server.on('request', (request, response) => {
    const socket: Socket = request.socket;
    busy.add(socket);
    response.once('close', () => busy.delete(socket));
  });
  app.addHook('preClose', async () => {
    for (const socket of sockets) if (!busy.has(socket)) socket.destroy();
  });
}
