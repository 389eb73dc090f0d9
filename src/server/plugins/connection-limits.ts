import type { Server } from 'node:http';

/** How long a client may take and how many connections it may hold (docs/decisions.md, "Slow clients"). */
export interface ConnectionLimits {
  /** Until the request line and headers are in; then 408 and the connection closes (Node's headersTimeout). */
  headersTimeoutMs: number;
  /** Until the whole request, body included, is in; then 408 (Node's requestTimeout). */
  requestTimeoutMs: number;
  /** A connection on which nothing moves for this long is closed (Fastify's connectionTimeout). */
  idleTimeoutMs: number;
  /** An idle keep-alive connection is closed this long after its last response. */
  keepAliveTimeoutMs: number;
  /** Connections open at once; more are closed as they arrive (server.maxConnections). */
  maxConnections: number;
  /** Connections open at once from one client address; 0 for no cap. */
  maxPerAddress: number;
  /** How often Node looks for requests past their deadline (its own default is every 30 s). */
  checkEveryMs: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  idleTimeoutMs: 30_000,
  // Fastify's default: longer than the 60 s a proxy in front commonly keeps an idle upstream connection.
  keepAliveTimeoutMs: 72_000,
  maxConnections: 10_000,
  maxPerAddress: 256,
  checkEveryMs: 1_000,
};

/**
 * Connections the kernel queues for the server to accept (Node's default is 511): a burst of a few
 * thousand connections fills 511 within one busy moment of the event loop, and then a health check's
 * connection waits a second for its SYN to be sent again. Linux caps it at net.core.somaxconn.
 */
export const LISTEN_BACKLOG = 4_096;

/** Fastify's server options for the deadlines of `limits` (both servers: the app and the demo site). */
export function deadlineOptions(limits: ConnectionLimits) {
  return {
    connectionTimeout: limits.idleTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: { headersTimeout: limits.headersTimeoutMs, connectionsCheckingInterval: limits.checkEveryMs },
  };
}

/** The connection caps of `limits` on a server; per address only when the addresses are the clients'. */
export function capConnections(server: Server, limits: ConnectionLimits, perAddress: boolean): void {
  server.maxConnections = limits.maxConnections;
  if (perAddress) capConnectionsPerAddress(server, limits.maxPerAddress);
}

/**
 * Closes a new connection at once when its address already holds `max`: a client trickling bytes
 * on thousands of connections then takes its own share, not every file descriptor of the server.
 */
export function capConnectionsPerAddress(server: Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress;
    if (address === undefined) return; // already gone
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = open.get(address)! - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
