import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { systemClock, type Clock } from '../clock';
import type { Db } from '../db/database';
import * as repo from './repository';

type Log = { info: (o: object, m: string) => void; warn: (o: object, m: string) => void; error: (o: object, m: string) => void };

export interface JobDefinition {
  /** Unique across the app: the schedule's row and its runs carry it. */
  name: string;
  run: (job: { payload: unknown; attempts: number }) => Promise<unknown>;
  /** A recurring task: due at `offsetSeconds` past every `everySeconds` since the epoch (UTC). */
  every?: { seconds: number; offsetSeconds?: number };
  /** How long a claim holds before another process may take the job again: longer than a run ever takes. */
  leaseSeconds?: number;
}

export interface JobEngineOptions {
  db: Db;
  /**
   * When periods fall, leases end and retries come: real time, as the timers
   * were. The handlers read the app's clock for the business day, so an
   * end-to-end test's clock moved to another month does not stop the schedules.
   */
  clock?: Clock;
  log: Log;
  /** False: this process runs no background work (WORKERS=0), it only serves requests. */
  workers: boolean;
  /** How often an idle engine looks for due work. */
  pollMs?: number;
  /** How long stop() waits for handlers still running before it releases their jobs. */
  stopBoundMs?: number;
}

const DEFAULT_LEASE_SECONDS = 10 * 60;
const DEFAULT_MAX_ATTEMPTS = 5;
const KEEP_FINISHED_MS = 24 * 3_600_000;

/** The wait before try n+1 after n failures: 10 s, 20 s, 40 s… at most an hour. */
export function backoffSeconds(attempts: number) {
  return Math.min(3600, 10 * 2 ** Math.max(0, attempts - 1));
}

/** Milliseconds from `now` to the start of a schedule's next period. */
export function msUntilNextPeriod(every: { seconds: number; offsetSeconds?: number }, now: Date) {
  const period = every.seconds * 1000;
  const offset = (every.offsetSeconds ?? 0) * 1000;
  const since = (((now.getTime() - offset) % period) + period) % period;
  return period - since;
}

/**
 * Every background task runs here (decision 051): recurring tasks from
 * `job_schedules`, one-off jobs from `enqueue`. A run is claimed by one
 * process (FOR UPDATE SKIP LOCKED) under a lease, retried with back-off when
 * it throws, and its last error kept on its row.
 */
export function jobEngine({ db, clock = systemClock, log, workers, pollMs = 5_000, stopBoundMs = 8_000 }: JobEngineOptions) {
  const definitions = new Map<string, JobDefinition>();
  const worker = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<number> | null = null;

  const scheduled = () => [...definitions.values()].filter((d) => d.every).map((d) => d.name);

  async function runOne(): Promise<boolean> {
    const now = clock.now();
    const leases = new Map([...definitions.values()].map((d) => [d.name, d.leaseSeconds ?? DEFAULT_LEASE_SECONDS]));
    const job = await repo.claim(db, { leases, worker, now });
    if (!job) return false;
    const definition = definitions.get(job.name)!;
    try {
      await definition.run({ payload: job.payload, attempts: job.attempts });
      await repo.finish(db, { jobId: job.jobId, worker, at: clock.now() });
    } catch (error) {
      const at = clock.now();
      const final = job.attempts >= job.maxAttempts;
      const message = error instanceof Error ? error.message : String(error);
      await repo.fail(db, { jobId: job.jobId, worker, error: message, retryAt: new Date(at.getTime() + backoffSeconds(job.attempts) * 1000), final, at });
      log.warn({ err: error, job: job.name, attempts: job.attempts, final }, 'background job failed');
    }
    return true;
  }

  const engine = {
    worker,
    /** Registers a task; a recurring one's schedule is written to the database when the engine starts. */
    define(definition: JobDefinition) {
      if (definitions.has(definition.name)) throw new Error(`job ${definition.name} is defined twice`);
      definitions.set(definition.name, definition);
      return engine;
    },

    /** A one-off job, run as soon as a worker is free (or at `runAt`). */
    async enqueue(name: string, payload: unknown = {}, options: { runAt?: Date; maxAttempts?: number } = {}) {
      const at = clock.now();
      return repo.enqueue(db, { name, payload, runAt: options.runAt ?? at, maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS, at });
    },

    /** One look: enqueues the schedules' due periods, then runs what is due until nothing is. Answers how many ran. */
    runDue(): Promise<number> {
      if (pass) return pass;
      pass = (async () => {
        const now = clock.now();
        await repo.enqueueDuePeriods(db, scheduled(), now);
        await repo.forgetFinished(db, new Date(now.getTime() - KEEP_FINISHED_MS));
        let ran = 0;
        while (!stopped && (await runOne())) ran++;
        return ran;
      })().finally(() => {
        pass = null;
      });
      return pass;
    },

    /** Writes the schedules and starts looking, unless this process runs no background work. */
    async start() {
      if (!workers || started) return;
      started = true;
      const at = clock.now();
      for (const d of definitions.values())
        if (d.every) await repo.saveSchedule(db, { name: d.name, everySeconds: d.every.seconds, offsetSeconds: d.every.offsetSeconds ?? 0, at });
      const tick = async () => {
        try {
          await engine.runDue();
        } catch (error) {
          log.error({ err: error }, 'background jobs look failed');
        }
        if (stopped) return;
        const nextPeriod = Math.min(...[...definitions.values()].flatMap((d) => (d.every ? [msUntilNextPeriod(d.every, clock.now())] : [])));
        timer = setTimeout(() => void tick(), Math.max(100, Math.min(pollMs, nextPeriod)));
        timer.unref();
      };
      void tick();
    },

    /** Stops claiming, waits for the handler running (at most `stopBoundMs`), and gives back what this process holds. */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (pass) {
        let bound: NodeJS.Timeout | undefined;
        const late = new Promise<void>((resolve) => (bound = setTimeout(resolve, stopBoundMs)));
        await Promise.race([pass.catch(() => undefined), late]);
        clearTimeout(bound);
      }
      await repo.release(db, worker).catch((error: unknown) => log.warn({ err: error }, 'background jobs not released'));
    },
  };
  return engine;
}

export type JobEngine = ReturnType<typeof jobEngine>;
