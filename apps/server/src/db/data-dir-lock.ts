import { mkdir, open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { tryLock } from 'fs-native-extensions';

export class DataDirLockedError extends Error {}

export interface DataDirLock {
  release(): Promise<void>;
}

export const LOCK_FILE = '.makazi.lock';

/**
 * PGlite's data directory must have one owner: two processes writing it lose
 * acknowledged writes. The lock is an open-file-description lock (fcntl
 * F_OFD_SETLK on Linux, flock elsewhere) held for as long as the file stays
 * open, so the kernel decides atomically who holds it and drops it when the
 * holder dies however it died — a kill -9 of pid 1 in a container included.
 * Nothing depends on the pid written into the file; it only names the owner in
 * the refusal.
 *
 * The file is never deleted: a process that opened it before a deletion would
 * lock the orphaned inode while the next one locks a new file, and both would
 * hold "the" lock.
 */
export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  // A new data directory is the server's own user's alone (data-dir-modes.ts).
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const lockPath = path.join(dataDir, LOCK_FILE);
  const handle = await open(lockPath, 'a+', 0o600);
  let locked = false;
  try {
    locked = tryLock(handle.fd);
  } finally {
    if (!locked) await handle.close();
  }
  if (!locked) {
    const owner = (await readFile(lockPath, 'utf8').catch(() => '')).trim();
    throw new DataDirLockedError(
      `The data directory ${dataDir} is in use by another Makazi server${/^\d+$/.test(owner) ? ` (pid ${owner})` : ''}. ` +
        'Stop that server first, or set DATA_DIR to another folder.',
    );
  }
  await handle.truncate(0);
  await handle.write(`${process.pid}\n`);
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      // Closing the last descriptor of the open file description drops the lock.
      await handle.close();
    },
  };
}
