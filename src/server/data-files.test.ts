import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { restrictDataFiles } from "./data-files";

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe("restrictDataFiles", () => {
  const root = mkdtempSync(join(tmpdir(), "data-files-"));
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("makes the data folder, its files and its outbox private to the site's user", () => {
    const data = join(root, "data");
    mkdirSync(join(data, "outbox", "deeper"), { recursive: true, mode: 0o755 });
    chmodSync(data, 0o755);
    chmodSync(join(data, "outbox"), 0o775);
    chmodSync(join(data, "outbox", "deeper"), 0o755);
    for (const file of ["cedarport.sqlite", "cedarport.sqlite-wal", "cedarport.sqlite-shm", "session-secret"])
      writeFileSync(join(data, file), "x", { mode: 0o644 });
    writeFileSync(join(data, "outbox", "receipt.eml"), "x", { mode: 0o666 });
    chmodSync(join(data, "outbox", "receipt.eml"), 0o666);

    restrictDataFiles(data);

    expect(modeOf(data)).toBe(0o700);
    expect(modeOf(join(data, "outbox"))).toBe(0o700);
    for (const file of ["cedarport.sqlite", "cedarport.sqlite-wal", "cedarport.sqlite-shm", "session-secret"])
      expect(modeOf(join(data, file))).toBe(0o600);
    expect(modeOf(join(data, "outbox", "receipt.eml"))).toBe(0o600);
    // Only one level down: the site does not reach into folders it did not make.
    expect(modeOf(join(data, "outbox", "deeper"))).toBe(0o755);
  });

  it("does nothing when there is no data folder yet", () => {
    expect(() => restrictDataFiles(join(root, "missing"))).not.toThrow();
  });
});
