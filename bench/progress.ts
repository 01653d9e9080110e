// The goal bench's progress and time budgets: every step prints a line when it
// starts and ends (elapsed minutes, the one-minute load), and a step that has
// used its budget takes no further samples — its row then says how many it has
// — so one slow step cannot hold the whole bench past its hour.
import http from 'node:http';
import { load1 } from './http';

const started = performance.now();
const minutes = () => ((performance.now() - started) / 60_000).toFixed(1);

export function progress(what: string) {
  console.log(`[bench ${minutes()} min, load ${load1()}] ${what}`);
}

/** BENCH_BUDGET_SCALE=2 doubles every step's budget (a loaded machine). */
const SCALE = Number(process.env.BENCH_BUDGET_SCALE ?? 1);

export class Budget {
  private readonly until: number;
  /** Samples a step skipped when its budget ran out, by what they were of. */
  readonly skipped: string[] = [];
  constructor(
    readonly step: string,
    budgetMinutes: number,
  ) {
    this.until = performance.now() + budgetMinutes * SCALE * 60_000;
    progress(`${step}: started (budget ${(budgetMinutes * SCALE).toFixed(1)} min)`);
  }
  /** True while the step may take another sample; once false, says so once per kind of sample. */
  allows(what: string): boolean {
    if (performance.now() < this.until) return true;
    if (!this.skipped.includes(what)) {
      this.skipped.push(what);
      progress(`${this.step}: budget used up, no more samples of ${what}`);
    }
    return false;
  }
  done() {
    progress(`${this.step}: done`);
  }
}

/**
 * One HTTP request with no headers or body timeout: a bulk import on stale
 * statistics may take minutes before its first byte, which Node's fetch
 * (undici, 300 s headers timeout) answered with "Headers Timeout" and the
 * step stopped. Timed from the request to the last byte of the answer.
 */
export function request(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; text: string; ms: number }> {
  const t = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: init.method ?? 'GET',
        headers: {
          ...init.headers,
          ...(init.body ? { 'content-length': Buffer.byteLength(init.body) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - t,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}
