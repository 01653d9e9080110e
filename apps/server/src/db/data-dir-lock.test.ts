import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverRoot } from '../paths';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE } from './data-dir-lock';

const WORKER = path.join(serverRoot, 'src', 'test', 'lock-worker.ts');

/** One process running the app's own lock code, driven line by line. */
class Worker {
  private readonly answers: string[] = [];
  private readonly waiting: ((line: string) => void)[] = [];
  readonly child: ChildProcessWithoutNullStreams;

  constructor() {
    this.child = spawn(process.execPath, ['--import', 'tsx', WORKER], { cwd: serverRoot });
    createInterface({ input: this.child.stdout }).on('line', (line) => {
      const next = this.waiting.shift();
      if (next) next(line);
      else this.answers.push(line);
    });
  }

  send(command: string): Promise<string> {
    this.child.stdin.write(`${command}\n`);
    const ready = this.answers.shift();
    return ready !== undefined ? Promise.resolve(ready) : new Promise((resolve) => this.waiting.push(resolve));
  }

  kill() {
    this.child.kill('SIGKILL');
    return new Promise((resolve) => this.child.once('exit', resolve));
  }
}

describe('data-directory lock across processes', () => {
  const PROCESSES = 6;
  const TRIES = 40;
  let dir: string;
  let workers: Worker[];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'makazi-lock-'));
    workers = Array.from({ length: PROCESSES }, () => new Worker());
    // Each worker answers a release once it has loaded: then all are warm.
    await Promise.all(workers.map((w) => w.send('release')));
  }, 60_000);
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.kill()));
    await rm(dir, { recursive: true, force: true });
  });

  it(`leaves exactly one holder when ${PROCESSES} processes reach for it at once, ${TRIES} times over`, async () => {
    const holdersPerTry: number[] = [];
    for (let attempt = 0; attempt < TRIES; attempt++) {
      const answers = await Promise.all(workers.map((w) => w.send(`lock ${dir}`)));
      expect(answers.filter((a) => a !== 'held' && a !== 'refused')).toEqual([]);
      const holders = workers.filter((_, i) => answers[i] === 'held');
      holdersPerTry.push(holders.length);
      const holder = holders[0];
      if (!holder) continue;
      if (attempt % 4 !== 3) {
        await holder.send('release');
      } else {
        // A holder killed outright (an OOM kill, docker kill) leaves the lock to the next try.
        await holder.kill();
        const fresh = new Worker();
        await fresh.send('release');
        workers[workers.indexOf(holder)] = fresh;
      }
    }
    expect(holdersPerTry).toEqual(Array.from({ length: TRIES }, () => 1));
  }, 120_000);

  it('leaves exactly one holder among processes started at the same instant', async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const fresh = Array.from({ length: PROCESSES }, () => new Worker());
      const answers = await Promise.all(fresh.map((w) => w.send(`lock ${dir}`)));
      await Promise.all(fresh.map((w) => w.kill()));
      expect(answers.filter((a) => a === 'held')).toHaveLength(1);
      expect(answers.filter((a) => a === 'refused')).toHaveLength(PROCESSES - 1);
    }
  }, 120_000);
});

describe('data-directory lock in one process', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'makazi-lock-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('refuses a second holder naming the first one, and is free again once released', async () => {
    const first = await acquireDataDirLock(dir);
    await expect(acquireDataDirLock(dir)).rejects.toThrow(`in use by another Makazi server (pid ${process.pid})`);
    await first.release();
    const second = await acquireDataDirLock(dir);
    await second.release();
  });

  it('ignores whatever pid a left-over lock file names: pid 1, its own, or a live neighbour', async () => {
    for (const pid of ['1', String(process.pid), String(process.ppid), '']) {
      await writeFile(path.join(dir, LOCK_FILE), pid);
      const lock = await acquireDataDirLock(dir);
      await expect(acquireDataDirLock(dir)).rejects.toThrow(DataDirLockedError);
      await lock.release();
    }
  });
});
