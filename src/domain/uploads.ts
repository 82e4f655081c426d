/**
 * Documents residents upload with a form (evidence, a Power of Attorney, a mobile home's title).
 * A screen asks for them with a field of the shared definition `definitions/common.json#/$defs/
 * documents`: a list of stored files, each a `{ id, name, type, size }` reference. The field
 * carries the annotation `x-upload`, which is how the form and the server know it takes files.
 *
 * The rules are the county's, not each form's: the file types its case systems open, and a size
 * a phone photo or a scanned deed fits in.
 */
import type { Locale } from "./localize";

/** The types accepted, by what the file's bytes are (never by its name), with how residents call them. */
export const ACCEPTED_TYPES = {
  "application/pdf": "PDF",
  "image/jpeg": "JPG",
  "image/png": "PNG",
} as const;

export type AcceptedType = keyof typeof ACCEPTED_TYPES;

/** 10 MB: a phone photo or a multi-page scan. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/**
 * The most files one field takes: the shared definition's maxItems. A screen may ask for fewer,
 * never more: the server takes an upload's body only up to the size of this many files and one more
 * (src/server/app.ts), so a field that allows more would refuse what it asks for.
 */
export const MAX_FILES_PER_FIELD = 5;

/** A stored file as an answer holds it. */
export interface UploadRef {
  id: string;
  name: string;
  type: AcceptedType;
  size: number;
}

export const isAcceptedType = (type: string): type is AcceptedType => Object.hasOwn(ACCEPTED_TYPES, type);

type Schema = Record<string, unknown>;
const isSchema = (value: unknown): value is Schema =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export const isUploadField = (schema: unknown): boolean => isSchema(schema) && schema["x-upload"] === true;

/** The fields of a screen's schema that take files (its own fields: uploads are not repeated). */
export function uploadFields(schema: unknown): string[] {
  if (!isSchema(schema) || !isSchema(schema.properties)) return [];
  return Object.entries(schema.properties)
    .filter(([, field]) => isUploadField(field))
    .map(([name]) => name);
}

/** How many files a field takes: its maxItems. */
export function maxFiles(field: unknown): number {
  return isSchema(field) && typeof field.maxItems === "number" ? field.maxItems : 1;
}

/** "2.4 MB", "310 KB": how a file's size reads in a list of files. */
export function formatFileSize(bytes: number, locale: Locale): string {
  const number = (value: number) =>
    new Intl.NumberFormat(locale === "es" ? "es-US" : "en-US", { maximumFractionDigits: 1 }).format(value);
  if (bytes >= 1024 * 1024) return `${number(bytes / (1024 * 1024))} MB`;
  return `${number(Math.max(1, Math.round(bytes / 1024)))} KB`;
}

/** The ids among what a browser sent as file references (only an id counts: the rest is ours). */
export function uploadIds(values: readonly unknown[]): string[] {
  return values
    .map((v) => (typeof v === "object" && v !== null ? (v as { id?: unknown }).id : undefined))
    .filter((id): id is string => typeof id === "string");
}

/** A reference as an answer holds it, or undefined for anything else. */
export function asUploadRef(value: unknown): UploadRef | undefined {
  if (!isSchema(value)) return undefined;
  const { id, name, type, size } = value;
  if (
    typeof id !== "string" ||
    typeof name !== "string" ||
    typeof type !== "string" ||
    typeof size !== "number"
  )
    return undefined;
  return isAcceptedType(type) ? { id, name, type, size } : undefined;
}
