// The server's background work in one named registry (STYLE.md habit 11, Uptime Kuma's habit):
// the notification outbox, the reminder and No answer sweeps, the daily schedule's check and the
// WAL checkpointer. Started once the server answers /healthz (docs/decisions/058), stopped when it
// closes. Every run is wrapped: a failure is logged and recorded, and the next run comes at its
// time; two runs of one job never overlap.

export interface BackgroundJob {
  /** Its name in the logs, the metrics and the records. */
  readonly name: string;
  /** Runs every `everyMs` (and once at start); without it, only when asked (runNow). */
  readonly everyMs?: number;
  /** False when `start` makes the first run itself (the daily schedule's first check). */
  readonly runAtStart?: boolean;
  /** One run; what it throws or rejects with is logged and recorded. */
  readonly run?: () => unknown;
  /** For work with a timer or a thread of its own (the WAL checkpointer, the croner job). */
  readonly start?: () => unknown;
  /** Once its timer is cleared: ends its work (a send in flight is cancelled); awaited. */
  readonly stop?: () => unknown;
}

/** What the registry knows of a job's runs. */
export interface BackgroundJobRecord {
  name: string;
  everyMs: number | null;
  runs: number;
  failures: number;
  running: boolean;
  lastStartedAt: number | null;
  lastDurationMs: number | null;
  /** The last failure's message, until a run succeeds. */
  lastError: string | null;
}

export interface BackgroundLog {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface BackgroundJobsOptions {
  log: BackgroundLog;
  /** The clock the records are dated with. */
  now: () => number;
  /** Told of each run as it ends (the server's metrics). */
  onRun?: (record: BackgroundJobRecord, failed: boolean) => void;
}

interface Entry {
  job: BackgroundJob;
  record: BackgroundJobRecord;
  timer: NodeJS.Timeout | undefined;
  /** The runs in flight (one, and once more when asked meanwhile). */
  running: Promise<void> | null;
  again: boolean;
}

const describe = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

export class BackgroundJobs {
  private readonly entries = new Map<string, Entry>();
  private state: 'waiting' | 'started' | 'stopped' = 'waiting';

  constructor(private readonly options: BackgroundJobsOptions) {}

  add(job: BackgroundJob): void {
    if (this.entries.has(job.name)) throw new Error(`background job ${job.name} added twice`);
    if (this.state !== 'waiting') throw new Error(`background job ${job.name} added after start`);
    this.entries.set(job.name, {
      job,
      timer: undefined,
      running: null,
      again: false,
      record: {
        name: job.name,
        everyMs: job.everyMs ?? null,
        runs: 0,
        failures: 0,
        running: false,
        lastStartedAt: null,
        lastDurationMs: null,
        lastError: null,
      },
    });
  }

  /** True once started (and until stopped). */
  get started(): boolean {
    return this.state === 'started';
  }

  /**
   * Starts every job: its own start, its first run and its timer. Once; not after stop. `reason`
   * is logged (what the server waited for).
   */
  start(reason = 'asked'): void {
    if (this.state !== 'waiting') return;
    this.state = 'started';
    for (const entry of this.entries.values()) {
      const { job } = entry;
      try {
        void Promise.resolve(job.start?.()).catch((error: unknown) => this.failedStart(job, error));
      } catch (error) {
        this.failedStart(job, error);
      }
      if (job.everyMs !== undefined) {
        entry.timer = setInterval(() => void this.runNow(job.name), job.everyMs);
        // The server's sockets keep the process alive, never a timer of these.
        entry.timer.unref();
      }
      if (job.run && job.runAtStart !== false) void this.runNow(job.name);
    }
    this.options.log.info({ jobs: [...this.entries.keys()], reason }, 'background jobs started');
  }

  /**
   * Runs the job now; resolves when it has run. A run asked for while one is in flight runs once
   * more after it. Before start, nothing runs: the first run at start comes soon enough.
   */
  runNow(name: string): Promise<void> {
    const entry = this.entry(name);
    if (this.state !== 'started' || !entry.job.run) return Promise.resolve();
    if (entry.running) {
      entry.again = true;
      return entry.running;
    }
    const running = this.runs(entry).finally(() => {
      entry.running = null;
    });
    entry.running = running;
    return running;
  }

  /** Resolves once the job has no run in flight, the runs asked for meanwhile included (tests). */
  async idle(name: string): Promise<void> {
    const entry = this.entry(name);
    while (entry.running) await entry.running;
  }

  /** Clears the timers, stops each job (ending its run in flight), and waits for those runs. */
  async stop(): Promise<void> {
    if (this.state === 'stopped') return;
    this.state = 'stopped';
    for (const entry of this.entries.values()) clearInterval(entry.timer);
    for (const entry of this.entries.values()) {
      try {
        await entry.job.stop?.();
      } catch (error) {
        this.options.log.error({ err: error, job: entry.job.name }, 'background job did not stop');
      }
      await entry.running;
    }
  }

  /** Each job's record, in the order they were added. */
  records(): BackgroundJobRecord[] {
    return [...this.entries.values()].map((entry) => ({ ...entry.record }));
  }

  private entry(name: string): Entry {
    const entry = this.entries.get(name);
    if (entry === undefined) throw new Error(`no background job ${name}`);
    return entry;
  }

  private async runs(entry: Entry): Promise<void> {
    do {
      entry.again = false;
      await this.runOnce(entry);
    } while (entry.again && this.state === 'started');
  }

  private async runOnce(entry: Entry): Promise<void> {
    const { record, job } = entry;
    const started = performance.now();
    record.running = true;
    record.lastStartedAt = this.options.now();
    let failed = false;
    try {
      await job.run?.();
      record.lastError = null;
    } catch (error) {
      failed = true;
      record.failures += 1;
      record.lastError = describe(error);
      this.options.log.error({ err: error, job: job.name }, 'background job run failed');
    } finally {
      record.running = false;
      record.runs += 1;
      record.lastDurationMs = Math.round((performance.now() - started) * 10) / 10;
    }
    this.options.log.debug(
      { job: job.name, ms: record.lastDurationMs, failed },
      'background job ran',
    );
    this.options.onRun?.({ ...record }, failed);
  }

  private failedStart(job: BackgroundJob, error: unknown): void {
    const record = this.entries.get(job.name)?.record;
    if (record) record.lastError = describe(error);
    this.options.log.error({ err: error, job: job.name }, 'background job did not start');
  }
}
