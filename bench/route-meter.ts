// Load on one route with autocannon, measured over several slices: requests per second, latency
// percentiles and the CPU each request cost the server, the database and the load generator.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export interface Figures {
  rps: number;
  /** Of the answers on connections already open (see `RouteMeter.firstAnswers`). */
  p50: number;
  p99: number;
  /** p99 of each connection's first answer, which includes the wait for the server's accept. */
  firstAnswerP99: number;
  /** p99 of every answer, first answers included. */
  allAnswersP99: number;
  errors: number;
  /** CPU milliseconds per 1,000 requests: server process, database backends, load generator. */
  cpu: { server: number; database: number; load: number };
}

const CLOCK_TICK_MS = 10;
/** User + system CPU of each process, in ms, from /proc (a process that ended is left out). */
export function cpuMs(pids: number[]): Map<number, number> {
  const used = new Map<number, number>();
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      used.set(pid, (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS);
    } catch {
      // The process ended: its CPU can no longer be read.
    }
  }
  return used;
}

/** CPU used since `before` by the processes alive now (those started since count in full). */
export function cpuSince(before: Map<number, number>, pids: number[]): number {
  let total = 0;
  for (const [pid, ms] of cpuMs(pids)) total += ms - (before.get(pid) ?? 0);
  return total;
}

const loadGeneratorMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/** The processes whose CPU a route is charged: the server and, on PostgreSQL, its backends. */
export interface Processes {
  server: number;
  databaseBackends: () => Promise<number[]>;
}

/** A percentile of sorted values. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.floor((sorted.length - 1) * p)] ?? 0;

/**
 * One route's measurements, added up over its slices.
 *
 * Each slice opens its connections anew, all at once, and the server accepts them one per turn of
 * its event loop and listening handle (libuv, seen with strace: one accept4 per epoll wakeup), so
 * under load the first answer on the last connections waited 0.2-2 s for its accept, not for the
 * call; with the server's 16 sockets on Node 22.12+ (apps/api/src/listen.ts), 0.05-0.25 s. Those first
 * answers are kept apart (`firstAnswers`) and the latency percentiles are of the calls on open
 * connections, as an integrator's pool of kept-alive connections sees them (bench/README.md).
 */
export class RouteMeter {
  latencies: number[] = [];
  firstAnswers: number[] = [];
  requests = 0;
  seconds = 0;
  errors = 0;
  cpu = { server: 0, database: 0, load: 0 };

  private readonly connections: number;

  constructor(connections: number) {
    this.connections = connections;
  }

  /** Runs one slice of load on the route. */
  async run(processes: Processes, options: autocannon.Options) {
    const before = {
      server: cpuMs([processes.server]),
      database: cpuMs(await processes.databaseBackends()),
      load: loadGeneratorMs(),
    };
    // The slice lasts until its last answer. autocannon's own duration is not used: it notices
    // the end of a run of `amount` requests only at its next one-second tick, so a slice of
    // 1,500 verifies answered in 0.6 s counted as 1 s (and one of 1.1 s as 2 s).
    const started = performance.now();
    let lastAnswer = started;
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon({ connections: this.connections, ...options }, (error, result) =>
        error ? reject(error) : resolve(result),
      );
      const answered = new WeakSet<object>();
      instance.on('response', (client, _status, _bytes, responseTime) => {
        lastAnswer = performance.now();
        if (answered.has(client)) {
          this.latencies.push(responseTime);
        } else {
          answered.add(client);
          this.firstAnswers.push(responseTime);
        }
      });
    });
    if (result.non2xx > 0) console.log(`${options.url}: non-2xx answers`, result.statusCodeStats);
    this.requests += result.requests.total;
    this.seconds += (lastAnswer - started) / 1000;
    this.errors += result.errors + result.non2xx;
    this.cpu.server += cpuSince(before.server, [processes.server]);
    this.cpu.database += cpuSince(before.database, await processes.databaseBackends());
    this.cpu.load += loadGeneratorMs() - before.load;
  }

  figures(): Figures {
    const sorted = this.latencies.sort((a, b) => a - b);
    const firstAnswers = this.firstAnswers.sort((a, b) => a - b);
    const perThousand = (ms: number) => Math.round((ms / this.requests) * 1000);
    return {
      rps: this.requests / this.seconds,
      p50: Math.round(percentile(sorted, 0.5)),
      p99: Math.round(percentile(sorted, 0.99)),
      firstAnswerP99: Math.round(percentile(firstAnswers, 0.99)),
      allAnswersP99: Math.round(
        percentile(
          [...sorted, ...firstAnswers].sort((a, b) => a - b),
          0.99,
        ),
      ),
      errors: this.errors,
      cpu: {
        server: perThousand(this.cpu.server),
        database: perThousand(this.cpu.database),
        load: perThousand(this.cpu.load),
      },
    };
  }
}
