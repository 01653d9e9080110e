import { chmod, lstat, readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * The data directory holds every tenant's name, phone and balance and the
 * password hashes: only the server's own user may read it. PGlite's initdb
 * and template leave files 0666, so every open tightens what is inside to
 * 0600 (folders 0700). The directory itself is the operator's: one others can
 * read or write is named in a warning at start, not changed behind their back.
 */
export async function securePgliteDir(dataDir: string): Promise<{ warning: string | undefined }> {
  const mode = (await lstat(dataDir)).mode & 0o777;
  await tighten(dataDir);
  const warning =
    (mode & 0o077) !== 0
      ? `The data directory ${dataDir} can be read or entered by other users (mode ${mode.toString(8).padStart(4, '0')}): ` +
        `run chmod 700 ${dataDir}`
      : undefined;
  return { warning };
}

async function tighten(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (entry.isDirectory()) {
      await chmod(full, 0o700);
      await tighten(full);
    } else if (((await lstat(full)).mode & 0o077) !== 0) {
      await chmod(full, 0o600);
    }
  }
}
