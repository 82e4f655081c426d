import { randomBytes } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import type { Database } from "../../db/database";
import { asUploadRef, isAcceptedType, MAX_FILE_BYTES, type UploadRef, uploadIds } from "../../domain/uploads";
import type { FieldCipher } from "../field-crypto";
import type { FileStorage } from "./file-storage";

/**
 * Residents' uploaded files: checked by what their bytes are (never by their name), sealed with
 * DATA_KEY, kept in the file storage, and owned by one journey. An answer only ever holds a
 * reference; whatever a browser posts as a reference counts only if this journey stored it.
 */

/** A file as it arrived in a form post. `truncated`: it was larger than the limit. */
export interface IncomingFile {
  name: string;
  bytes: Buffer;
  truncated: boolean;
}

/**
 * Why a file was not kept: a catalogue message key (locales/<lang>/validation.json) and its name.
 * `uploadUnavailable`: the file was fine but the storage did not take it (an S3 bucket down or
 * slow): the resident is asked to try again, with the rest of the screen kept.
 */
export interface UploadProblem {
  problem: "uploadType" | "uploadTooBig" | "uploadEmpty" | "uploadUnavailable";
  name: string;
}

export interface Uploads {
  store(journeyId: string, file: IncomingFile): Promise<UploadRef | UploadProblem>;
  /** The references among `values` that this journey stored, as stored (the name, type, size are ours). */
  owned(journeyId: string, values: readonly unknown[]): Promise<UploadRef[]>;
  /** A stored file and whose it is (the back office reads files this way). */
  read(id: string): Promise<{ ref: UploadRef; journeyId: string; bytes: Buffer } | undefined>;
  /** Files the resident removed: gone at once. */
  forget(journeyId: string, ids: readonly string[]): Promise<void>;
  /** Files of journeys that ended without being sent, or whose submission was purged. */
  purge(): Promise<number>;
}

interface Row {
  id: string;
  journey_id: string;
  name: string;
  type: string;
  size: number | string;
}

/** "C:\fakepath\deed.pdf" → "deed.pdf": the name without folders or control characters. */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? "";
  const clean = base
    .normalize("NFC")
    .replace(/\p{Cc}/gu, "")
    .trim();
  return clean.slice(0, 255) || "file";
}

const sealContext = (id: string) => `uploads:${id}`;
const nameContext = (id: string) => `uploads.name:${id}`;

export function createUploads(
  db: Database,
  cipher: FieldCipher,
  storage: FileStorage,
  now = () => new Date(),
): Uploads {
  const refOf = (row: Row): UploadRef | undefined =>
    asUploadRef({
      id: row.id,
      name: cipher.open(row.name, nameContext(row.id)),
      type: row.type,
      size: Number(row.size),
    });

  /**
   * The bytes first, then the row: a file the storage could not delete keeps its row, so the next
   * purge tries again (a row is the only way to find a stored file). The first failure stops the
   * rest: a bucket that is down or hangs would fail them all, one timeout each, and the start-up
   * purge waits for this. Answers how many went, and how many were left and why.
   */
  const remove = async (ids: readonly string[]) => {
    let removed = 0;
    for (const id of ids) {
      try {
        await storage.delete(id);
      } catch (error) {
        return { removed, failed: { count: ids.length - removed, first: error } };
      }
      await db.run("DELETE FROM uploads WHERE id = ?", [id]);
      removed++;
    }
    return { removed, failed: undefined };
  };

  return {
    async store(journeyId, file) {
      const name = cleanFileName(file.name);
      if (file.truncated || file.bytes.length > MAX_FILE_BYTES) return { problem: "uploadTooBig", name };
      if (file.bytes.length === 0) return { problem: "uploadEmpty", name };
      const type = (await fileTypeFromBuffer(file.bytes))?.mime;
      if (!type || !isAcceptedType(type)) return { problem: "uploadType", name };
      const id = randomBytes(18).toString("base64url");
      // The bytes first: a row never names a file that is not there.
      try {
        await storage.put(id, cipher.sealBytes(file.bytes, sealContext(id)));
      } catch (error) {
        // The resident is told (the file named) and may try again; the city's log says why.
        console.error(`uploads: a document could not be stored: ${(error as Error).message}`);
        return { problem: "uploadUnavailable", name };
      }
      await db.run(
        "INSERT INTO uploads (id, journey_id, name, type, size, created_at) VALUES (?, ?, ?, ?, ?, ?)",
        [id, journeyId, cipher.seal(name, nameContext(id)), type, file.bytes.length, now().toISOString()],
      );
      return { id, name, type, size: file.bytes.length };
    },

    async owned(journeyId, values) {
      // Only the id counts: the name, type and size are read from the row. A field holds a few
      // files; a forged post's thousands of ids are not looked up.
      const ids = uploadIds(values).slice(0, 100);
      if (ids.length === 0) return [];
      const rows = await db.all<Row>(
        `SELECT id, journey_id, name, type, size FROM uploads WHERE journey_id = ? AND id IN (${ids.map(() => "?").join(", ")})`,
        [journeyId, ...ids],
      );
      const byId = new Map(rows.map((row) => [row.id, row]));
      // In the order the resident sees them, each once.
      return [...new Set(ids)]
        .map((id) => byId.get(id))
        .map((row) => (row ? refOf(row) : undefined))
        .filter((ref): ref is UploadRef => ref !== undefined);
    },

    async read(id) {
      const [row] = await db.all<Row>("SELECT id, journey_id, name, type, size FROM uploads WHERE id = ?", [
        id,
      ]);
      const ref = row ? refOf(row) : undefined;
      if (!row || !ref) return undefined;
      const sealed = await storage.get(id);
      if (!sealed) return undefined;
      return { ref, journeyId: row.journey_id, bytes: cipher.openBytes(sealed, sealContext(id)) };
    },

    async forget(journeyId, ids) {
      if (ids.length === 0) return;
      const rows = await db.all<{ id: string }>(
        `SELECT id FROM uploads WHERE journey_id = ? AND id IN (${ids.map(() => "?").join(", ")})`,
        [journeyId, ...ids],
      );
      // The resident's answer no longer names these files, whether or not the storage could delete
      // them now: one it could not stays in the table and goes with the journey's other files.
      const { failed } = await remove(rows.map((row) => row.id));
      if (failed)
        console.error(
          `uploads: ${failed.count} removed document(s) left in storage until a later purge: ${(failed.first as Error).message}`,
        );
    },

    async purge() {
      const rows = await db.all<{ id: string }>(
        `SELECT id FROM uploads
          WHERE journey_id NOT IN (SELECT id FROM journeys)
            AND journey_id NOT IN (SELECT journey_id FROM submissions)`,
      );
      const { removed, failed } = await remove(rows.map((row) => row.id));
      // Thrown, so the purge schedule logs it and tries again at its next run.
      if (failed)
        throw new Error(
          `${failed.count} of ${rows.length} documents were not deleted from storage (${removed} were): ${(failed.first as Error).message}`,
        );
      return removed;
    },
  };
}
