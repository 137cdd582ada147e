// npx tsx apps/server/scripts/openapi.ts [out.json]: writes the OpenAPI document the server
// publishes at /api/docs/json (built from the route schemas, on an empty in-memory database, with
// the default configuration), to a file or to standard output. CI lints it with Redocly.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openPglite } from '../src/db/client.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'agora-openapi-'));
const database = await openPglite(null);
try {
  await database.migrate();
  const config = loadConfig(
    { DATA_DIR: dataDir, JWT_SECRET: 'openapi-document-only-openapi-document-only' },
    { logLevel: 'silent', redisUrl: null, webDist: null },
  );
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const text = `${JSON.stringify(app.swagger(), null, 2)}\n`;
  await app.close();
  const out = process.argv[2];
  if (out) writeFileSync(out, text);
  else process.stdout.write(text);
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
