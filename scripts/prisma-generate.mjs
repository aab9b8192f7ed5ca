// Generates the Prisma client. Prisma 7's CLI wants a schema-engine binary it downloads from its own host even
// though `generate` never runs it; pointing PRISMA_SCHEMA_ENGINE_BINARY at any existing file avoids the download.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const env = { ...process.env };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY) env.PRISMA_SCHEMA_ENGINE_BINARY = fileURLToPath(import.meta.url);
const cli = fileURLToPath(new URL('../node_modules/prisma/build/index.js', import.meta.url));
if (!existsSync(cli)) {
  console.error('prisma CLI not installed; run npm install');
  process.exit(1);
}
const result = spawnSync(process.execPath, [cli, 'generate'], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
