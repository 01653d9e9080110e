import { mkdir, open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

export class DataDirLockedError extends Error {}

/**
 * PGlite's data directory must have one owner: two processes writing it corrupt
 * it. The lock file holds the owner's pid so a lock left by a crash is taken over.
 */
export async function acquireDataDirLock(dataDir: string): Promise<{ release(): Promise<void> }> {
  await mkdir(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, '.makazi.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(lockPath, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return { release: () => rm(lockPath, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number((await readFile(lockPath, 'utf8').catch(() => '')).trim());
      if (owner && isAlive(owner)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another Makazi server (pid ${owner}). ` +
            'Stop that server first, or set DATA_DIR to another folder.',
        );
      }
      await rm(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Cannot lock the data directory ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
