import { readFileSync } from "node:fs";

/**
 * A process's resident memory in MB (VmRSS, Linux's /proc), or undefined where there is no /proc
 * or the process is gone. It counts the pages of the node binary the process has touched (~50 MB
 * for any Node server), which is why the static reference's own figure is printed beside it.
 */
export function residentMb(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const kb = /^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb === undefined ? undefined : Math.round(Number(kb) / 1024);
  } catch {
    return undefined;
  }
}
