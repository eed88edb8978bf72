/** CPU time of processes on Linux, from /proc: what the federation figures count per activity. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export /** CPU time (user + system, in ms) of a process, and of its children with `children`. */
function cpuMs(pid: number | undefined, children = false): number | undefined {
  if (!pid) return undefined;
  const ticks = (stat: string, fields: number[]) => {
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields.reduce((sum, field) => sum + Number(rest[field] ?? 0), 0);
  };
  try {
    // utime and stime (fields 14, 15 of /proc/PID/stat); with children, what those that
    // exited used (16, 17) and what each live one (by parent) has used.
    let total = ticks(
      readFileSync(`/proc/${pid}/stat`, 'utf8'),
      children ? [11, 12, 13, 14] : [11, 12],
    );
    if (children)
      for (const entry of readdirSync('/proc')) {
        if (!/^\d+$/.test(entry)) continue;
        try {
          const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
          if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid)
            total += ticks(stat, [11, 12]);
        } catch {
          // exited meanwhile
        }
      }
    return total * 10; // 100 ticks a second on Linux
  } catch {
    return undefined;
  }
}

export /** The embedded PostgreSQL's postmaster (`dataDir`/pg), when the bench started one. */
function postmasterPid(dataDir = 'bench/.data'): number | undefined {
  try {
    return Number(readFileSync(path.resolve(dataDir, 'pg/postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return undefined;
  }
}

export /**
 * CPU time (ms) of each live child of `pid` by its title (PostgreSQL's processes say what they
 * are: "postgres: walwriter", "postgres: user db 127.0.0.1(port) idle" …), summed per kind.
 */
function childCpuByKind(pid: number | undefined): Map<string, number> {
  const kinds = new Map<string, number>();
  if (!pid) return kinds;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(rest[1]) !== pid) continue;
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      // A backend's title names its database and client: grouped by database.
      const kind = title.replace(/ \d+\.\d+\.\d+\.\d+\(\d+\).*$/, '').replace(/ \[local\].*$/, '');
      kinds.set(kind, (kinds.get(kind) ?? 0) + (Number(rest[11]) + Number(rest[12])) * 10);
    } catch {
      // exited meanwhile
    }
  }
  return kinds;
}
