import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { PRIVATE_DIR, PRIVATE_FILE } from "../data-files";

/**
 * Where uploaded files' (sealed) bytes are kept, by the upload's id. The uploads table says whose
 * they are; this only keeps bytes. A folder under the data directory is the default; an
 * S3-compatible bucket (UPLOAD_STORAGE=s3) is s3-storage.ts.
 */
export interface FileStorage {
  put(id: string, bytes: Buffer): Promise<void>;
  /** Undefined when there is no such file (purged, or never stored). */
  get(id: string): Promise<Buffer | undefined>;
  delete(id: string): Promise<void>;
}

/** Ids are ours (random, url-safe): anything else never reaches the file system. */
const SAFE_ID = /^[A-Za-z0-9_-]{16,64}$/;

function checked(id: string): string {
  if (!SAFE_ID.test(id)) throw new TypeError(`not an upload id: ${JSON.stringify(id)}`);
  return id;
}

/** Files in `dir` (made on first use, readable by the site's user only), written whole or not at all. */
export function folderStorage(dir: string): FileStorage {
  let made: Promise<unknown> | undefined;
  const ready = () => {
    made ??= mkdir(dir, { recursive: true, mode: PRIVATE_DIR });
    return made;
  };
  return {
    async put(id, bytes) {
      await ready();
      const path = join(dir, checked(id));
      const partial = `${path}.partial`;
      await writeFile(partial, bytes, { mode: PRIVATE_FILE });
      await rename(partial, path);
    },
    async get(id) {
      try {
        return await readFile(join(dir, checked(id)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
    },
    async delete(id) {
      await rm(join(dir, checked(id)), { force: true });
    },
  };
}

/** Files in memory: for a site run without a data folder (tests, previews); gone on restart. */
export function memoryStorage(): FileStorage {
  const files = new Map<string, Buffer>();
  return {
    put: async (id, bytes) => {
      files.set(checked(id), Buffer.from(bytes));
    },
    get: async (id) => files.get(checked(id)),
    delete: async (id) => {
      files.delete(checked(id));
    },
  };
}
