// A node:http server on 127.0.0.1 for the stand-ins the tests run in place of another party (a webhook receiver,
// the Resend API): each request's body read whole before the handler sees it, on a port of its own or a given one
// (so it can go down and come back where it was), and stopped with its open connections.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A stand-in answers each request in `handle`; the body has been read whole by then. */
export abstract class LoopbackServer {
  private server: Server | null = null;

  constructor(public port = 0) {}

  protected abstract handle(req: IncomingMessage, body: string, res: ServerResponse): void;

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get listening(): boolean {
    return this.server !== null;
  }

  /** Listens (nothing when it already does); port 0 becomes the one the system chose, kept for a later start. */
  async start(): Promise<this> {
    if (this.server) return this;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => this.handle(req, Buffer.concat(chunks).toString('utf8'), res));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
    return this;
  }

  /** Closes the port and every open connection: later requests are refused. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
