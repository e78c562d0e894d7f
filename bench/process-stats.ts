import fs from 'node:fs';

// Another process's memory and CPU time, as Linux's /proc tells them: the benchmarks that
// measure the built server run it as its own process, so its figures hold nothing of theirs.

/** Resident set size now, and its high-water mark since the process started, in MB. */
export function processMemoryMb(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => {
    const kb = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
    if (kb === undefined) throw new Error(`/proc/${pid}/status has no ${name}`);
    return Number(kb) / 1024;
  };
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

/** User and system CPU time the process has used, in seconds (all of its threads). */
export function processCpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name, in parentheses, may hold spaces: the fields are counted after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime))
    throw new Error(`/proc/${pid}/stat has no CPU times`);
  // Linux reports clock ticks, 100 a second on every architecture Node runs on (USER_HZ).
  return (utime + stime) / 100;
}
