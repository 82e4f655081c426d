import { chmodSync, existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/**
 * The data folder holds residents' data (the SQLite file and its -wal/-shm, e-mails in outbox/) and
 * the server's secrets: only the user the site runs as may read it. New files get that from the
 * process umask (077, set first thing in main.ts); this also closes up folders and files made
 * before that, or by a process started another way (tests, scripts). It goes one level into
 * sub-folders (outbox/), not deeper: DATA_DIR is ours, but nothing below that is assumed.
 */
export const PRIVATE_DIR = 0o700;
export const PRIVATE_FILE = 0o600;

function restrict(path: string, mode: number): void {
  if ((statSync(path).mode & 0o777) !== mode) chmodSync(path, mode);
}

export function restrictDataFiles(dataDir: string): void {
  if (!existsSync(dataDir)) return;
  restrict(dataDir, PRIVATE_DIR);
  for (const entry of readdirSync(dataDir, { withFileTypes: true })) {
    const path = join(dataDir, entry.name);
    if (entry.isFile()) restrict(path, PRIVATE_FILE);
    else if (entry.isDirectory()) {
      restrict(path, PRIVATE_DIR);
      for (const inner of readdirSync(path, { withFileTypes: true }))
        if (inner.isFile()) restrict(join(path, inner.name), PRIVATE_FILE);
    }
  }
}
