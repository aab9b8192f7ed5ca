import { describe, expect, it } from 'vitest';
import { chooseTool, PgToolMissing, parseToolVersion, toolConnection } from './dump';

const tool = (major: number, minor = 1) => ({
  path: `/opt/pg${major}/bin/pg_dump`,
  version: `${major}.${minor}`,
  major,
});

describe('choosing pg_dump / pg_restore for a server', () => {
  it("takes one of the server's major version, else the newest newer one", () => {
    expect(chooseTool('pg_dump', 15, [tool(18), tool(15), tool(16)], [])).toEqual(tool(15));
    expect(chooseTool('pg_dump', 15, [tool(16), tool(18)], [])).toEqual(tool(18));
  });

  it('refuses tools older than the server, naming them and saying what to install', () => {
    const attempt = () => chooseTool('pg_dump', 18, [tool(15, 20)], ['/usr/bin']);
    expect(attempt).toThrow(PgToolMissing);
    expect(attempt).toThrow(
      /pg_dump 15\.20 \(\/opt\/pg15\/bin\/pg_dump\) cannot work with this PostgreSQL 18 server.*major version or newer.*postgresql-client-18.*POSTGRES_BIN_DIR/,
    );
  });

  it('says where it looked when there is none, and that the embedded distribution ships the server only', () => {
    expect(() => chooseTool('pg_restore', 18, [], ['/a/bin', '/b/bin'])).toThrow(
      /pg_restore not found \(looked in \/a\/bin, \/b\/bin\); the embedded PostgreSQL distribution ships the server only/,
    );
  });

  it("reads the tools' version lines", () => {
    expect(parseToolVersion('pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)\n')).toEqual({
      version: '15.20',
      major: 15,
    });
    expect(parseToolVersion('pg_restore (PostgreSQL) 18beta1')).toEqual({ version: '18', major: 18 });
    expect(parseToolVersion('something else')).toBeNull();
  });
});

describe('the connection handed to the tools', () => {
  it('keeps the password off the command line (PGPASSWORD) and drops what only Prisma understands', () => {
    const { dbname, env } = toolConnection(
      'postgresql://svc:s%40cret@db.internal:5433/bps?schema=public&sslmode=require',
    );
    expect(dbname).toBe('postgresql://svc@db.internal:5433/bps?sslmode=require');
    expect(env).toEqual({ PGPASSWORD: 's@cret' });
    expect(toolConnection('postgresql://postgres@127.0.0.1:5432/x')).toEqual({
      dbname: 'postgresql://postgres@127.0.0.1:5432/x',
      env: {},
    });
  });
});
