/**
 * CPU seconds (user + system) a process and all its descendants have used, read from /proc: the live
 * ones' own time plus what their finished children left in cutime/cstime. The figure the OCR cost is
 * judged by (issue #26): unlike wall time, other work on the shared machine does not inflate it.
 */

const CLOCK_TICKS = 100; // USER_HZ on Linux

interface ProcStat {
  pid: number;
  ppid: number;
  /** utime + stime + cutime + cstime, in ticks. */
  ticks: number;
  /** utime + stime: the process's own threads (workers included). */
  own: number;
}

function readStat(pid: number): ProcStat | null {
  try {
    const text = Deno.readTextFileSync(`/proc/${pid}/stat`);
    // Fields after the command name (which may hold spaces) in parentheses: state ppid ... utime stime cutime cstime
    const rest = text.slice(text.lastIndexOf(")") + 2).split(" ");
    const ppid = Number(rest[1]);
    const own = Number(rest[11]) + Number(rest[12]);
    const ticks = own + Number(rest[13]) + Number(rest[14]);
    return { pid, ppid, ticks, own };
  } catch {
    return null; // gone meanwhile
  }
}

/** CPU seconds of `rootPid` and every live descendant (their finished children included). */
export function processTreeCpuSeconds(rootPid: number): number {
  const parts = processTreeCpuParts(rootPid);
  return parts.root + parts.rootFinishedChildren + parts.liveDescendants;
}

/**
 * The same total in three parts: the root's own threads (the server and its workers), the children it
 * ran that have finished (poppler, djpeg, tesseract...), and the live descendants (the recognisers).
 */
export function processTreeCpuParts(
  rootPid: number,
): { root: number; rootFinishedChildren: number; liveDescendants: number } {
  const stats: ProcStat[] = [];
  for (const entry of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    const s = readStat(Number(entry.name));
    if (s) stats.push(s);
  }
  const children = new Map<number, ProcStat[]>();
  for (const s of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s]);
  const root = stats.find((s) => s.pid === rootPid);
  if (!root) return { root: 0, rootFinishedChildren: 0, liveDescendants: 0 };
  let live = 0;
  const todo = [...(children.get(rootPid) ?? [])];
  while (todo.length > 0) {
    const s = todo.pop()!;
    live += s.ticks;
    todo.push(...(children.get(s.pid) ?? []));
  }
  return {
    root: root.own / CLOCK_TICKS,
    rootFinishedChildren: (root.ticks - root.own) / CLOCK_TICKS,
    liveDescendants: live / CLOCK_TICKS,
  };
}
