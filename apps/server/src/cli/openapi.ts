// `npm run openapi -- FILE`: writes the API's OpenAPI document, as the server
// serves it at /api/openapi.json, built against an in-memory database.
import { writeFile } from 'node:fs/promises';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openPglite } from '../db/database';

async function main(file: string | undefined) {
  if (!file) {
    console.error('Usage: npm run openapi -- <file>');
    return 2;
  }
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), webDist: undefined };
  const app = await buildApp(config, { database: await openPglite(undefined) });
  try {
    await writeFile(file, `${JSON.stringify(app.swagger(), null, 2)}\n`);
    console.log(`OpenAPI document written to ${file}`);
    return 0;
  } finally {
    await app.close();
  }
}

process.exitCode = await main(process.argv[2]);
