import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const embedded = path.resolve(import.meta.dirname, 'embedded.ts');

describe('loading embedded PostgreSQL', () => {
  it("keeps a failing process's exit code: the library's exit hook would end every process that loads it with 0", () => {
    // What a test runner does: load the library (the test database), record a failure, let the event loop drain.
    const script = `const m = await import(${JSON.stringify(embedded)}); await m.loadEmbeddedPostgres(); process.exitCode = 3;`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      cwd: path.resolve(import.meta.dirname, '../..'),
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(3);
  });
});
