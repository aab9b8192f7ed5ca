// A TCP proxy the suites put between the service and a dependency (PostgreSQL, Redis), so a dependency can be
// taken away and given back without touching the real server: `refuse` closes every connection and answers new
// ones with a reset; `blackhole` accepts and never answers (a hung network); `open` forwards.
import { createConnection, createServer, type Socket } from 'node:net';

export type ProxyMode = 'open' | 'refuse' | 'blackhole';

export interface TcpProxy {
  port: number;
  mode(): ProxyMode;
  /** Switches mode; leaving `open` tears down every connection in flight. */
  set(mode: ProxyMode): void;
  /** The same URL with host and port replaced by the proxy's. */
  rewrite(url: string): string;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: ProxyMode = 'open';
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  };
  const server = createServer((client) => {
    track(client);
    if (mode === 'refuse') {
      client.resetAndDestroy();
      return;
    }
    if (mode === 'blackhole') return; // held open, never answered
    const upstream = createConnection(target);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    mode: () => mode,
    set(next) {
      if (next !== 'open') for (const socket of sockets) socket.destroy();
      mode = next;
    },
    rewrite(url) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A proxy in front of the server a URL names (postgresql://, redis://). */
export async function proxyFor(url: string): Promise<TcpProxy> {
  const u = new URL(url);
  const defaultPort = u.protocol.startsWith('redis') ? 6379 : 5432;
  return startTcpProxy({ host: u.hostname || '127.0.0.1', port: Number(u.port || defaultPort) });
}
