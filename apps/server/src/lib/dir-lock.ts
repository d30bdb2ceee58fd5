import fs from 'node:fs';
import os from 'node:os';

/** Who holds a lock: enough to tell a live holder from a dead one, and a reused process id. */
interface Holder {
  pid: number;
  host: string;
  /** The holder's start time in clock ticks since boot (Linux), so a reused pid is not mistaken for it. */
  startTicks: string | null;
  since: string;
}

export class DirectoryInUseError extends Error {
  constructor(
    readonly lockPath: string,
    readonly holder: Holder,
  ) {
    super(
      `The embedded database is in use by another Decor Portal process (pid ${holder.pid} on ${holder.host}, since ${holder.since}). ` +
        'Stop that process first, or use DATABASE_URL to run several processes on one PostgreSQL. ' +
        `(Lock: ${lockPath})`,
    );
    this.name = 'DirectoryInUseError';
  }
}

function startTicksOf(pid: number): string | null {
  try {
    // Field 22 of /proc/<pid>/stat, counted after the command name (which may hold spaces).
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(holder: Holder): boolean {
  // A lock taken on another machine (a shared disk) cannot be checked from here: treat it as held.
  if (holder.host !== os.hostname()) return true;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const ticks = startTicksOf(holder.pid);
  return holder.startTicks === null || ticks === null || ticks === holder.startTicks;
}

function readHolder(lockPath: string): Holder | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as Partial<Holder>;
    return typeof parsed.pid === 'number' && typeof parsed.host === 'string'
      ? { pid: parsed.pid, host: parsed.host, startTicks: parsed.startTicks ?? null, since: String(parsed.since ?? '') }
      : null;
  } catch {
    return null;
  }
}

/**
 * Takes the lock of a data directory for this process (docs/operations.md, "One process per
 * embedded database"). A second process is refused with a clear message while the holder
 * lives; a lock left by a holder that died (even by kill -9) is detected and taken over.
 * Returns the release, which is also run when the process exits.
 */
export function lockDirectory(lockPath: string): () => void {
  const me: Holder = {
    pid: process.pid,
    host: os.hostname(),
    startTicks: startTicksOf(process.pid),
    since: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      fs.writeFileSync(lockPath, JSON.stringify(me), { flag: 'wx', mode: 0o600 });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        const current = readHolder(lockPath);
        if (current?.pid === me.pid && current.host === me.host) fs.rmSync(lockPath, { force: true });
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(lockPath);
    if (holder && isAlive(holder)) throw new DirectoryInUseError(lockPath, holder);
    // An unreadable lock may be one another process is writing this instant: give it a moment.
    if (!holder && attempt < 2) {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
      continue;
    }
    // A stale lock (or one being written this instant): remove it only if it is still the one we judged.
    const again = readHolder(lockPath);
    if (JSON.stringify(again) === JSON.stringify(holder)) fs.rmSync(lockPath, { force: true });
  }
  const holder = readHolder(lockPath);
  throw new DirectoryInUseError(lockPath, holder ?? { pid: 0, host: 'unknown', startTicks: null, since: '' });
}
