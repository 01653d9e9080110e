// A separate process for the data-directory lock race test. Commands on stdin,
// one a line: `lock DIR` answers `held` or `refused`; `release` answers `released`.
import { createInterface } from 'node:readline';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from '../db/data-dir-lock';

let lock: DataDirLock | undefined;
const answer = (line: string) => process.stdout.write(`${line}\n`);

for await (const line of createInterface({ input: process.stdin })) {
  const [command, dir] = line.split(' ');
  if (command === 'lock' && dir) {
    try {
      lock = await acquireDataDirLock(dir);
      answer('held');
    } catch (error) {
      answer(error instanceof DataDirLockedError ? 'refused' : `error ${(error as Error).message}`);
    }
  } else if (command === 'release') {
    await lock?.release();
    lock = undefined;
    answer('released');
  }
}
