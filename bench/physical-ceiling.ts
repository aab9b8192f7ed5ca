// The physical ceiling: plain node:http answering the same passport bytes, no framework, no database.
import { createServer, type Server } from 'node:http';

export async function startPhysicalCeiling(body: Buffer, port: number): Promise<Server> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.byteLength });
    res.end(body);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}
