import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

interface LockHolder {
  pid: number;
  hostname: string;
  started_at: string;
}

/** Another live process works on the data folder (it holds `tanqin.lock`). */
export class DataFolderBusyError extends Error {
  readonly dataDir: string;
  readonly holder: LockHolder;

  constructor(dataDir: string, holder: LockHolder) {
    super(
      `The data folder ${dataDir} is in use by Tanqin process ${holder.pid} on ${holder.hostname} ` +
        `(started ${holder.started_at}). One process at a time works on an embedded database: ` +
        `stop process ${holder.pid} first, or start this one with another DATA_DIR, or use ` +
        'PostgreSQL (DATABASE_URL) to run several processes. Operator commands reach the running ' +
        'server by PUBLIC_URL instead of opening the folder. If that process is gone (another ' +
        `host cannot be checked), delete ${path.join(dataDir, 'tanqin.lock')}.`,
    );
    this.dataDir = dataDir;
    this.holder = holder;
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is just not ours to signal.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The holder named in the lock; undefined when the file is gone or unreadable (left corrupt). */
function readHolder(file: string): LockHolder | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LockHolder;
  } catch {
    return undefined;
  }
}

/**
 * Takes the data folder for this process: creates `tanqin.lock` holding the pid, or throws
 * DataFolderBusyError naming the live process that holds it. A lock left by a process that is
 * gone (kill -9, power loss) on this host is taken over. Released by `release` or at exit.
 */
export function lockDataFolder(dataDir: string): { release(): void } {
  const file = path.join(dataDir, 'tanqin.lock');
  const me: LockHolder = {
    pid: process.pid,
    hostname: hostname(),
    started_at: new Date().toISOString(),
  };
  // Written aside, then linked into place: the lock never exists half-written.
  const draft = `${file}.${process.pid}`;
  writeFileSync(draft, JSON.stringify(me), { mode: 0o644 });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(draft, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = readHolder(file);
      // Our own pid in it is a previous life of this pid (a container restarted as PID 1).
      const isStale =
        holder === undefined ||
        (holder.hostname === me.hostname && (holder.pid === me.pid || !isAlive(holder.pid)));
      if (!isStale || attempt > 0) {
        throw new DataFolderBusyError(dataDir, holder ?? { ...me, pid: 0 });
      }
      // Left by a process that is gone: taken over (unless another starter was quicker).
      if (JSON.stringify(readHolder(file)) === JSON.stringify(holder)) {
        try {
          unlinkSync(file);
        } catch {
          // Released meanwhile.
        }
      }
    }
  } finally {
    unlinkSync(draft);
  }
  const release = () => {
    if (readHolder(file)?.pid !== process.pid) return;
    try {
      unlinkSync(file);
    } catch {
      // Already gone.
    }
  };
  process.once('exit', release);
  return {
    release() {
      process.removeListener('exit', release);
      release();
    },
  };
}
