import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder, found by walking up from this module: the same
 * answer from `src/` under tsx and vitest and from the bundled `dist/server.js`.
 */
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'drizzle', 'meta', '_journal.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the server package (drizzle/meta/_journal.json)');
    dir = parent;
  }
  return dir;
}

export const serverRoot = findServerRoot();
export const migrationsFolder = path.join(serverRoot, 'drizzle');
