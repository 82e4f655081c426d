import type { Locale } from "../../domain/localize";
import { uploadFields, uploadIds } from "../../domain/uploads";
import { fieldId } from "../../forms/theme/field-names";
import type { FieldError } from "../../forms/validation/messages";
import { catalogueMessage } from "../../forms/validation/messages";
import type { Answers } from "../../workflow/types";
import type { IncomingFile, Uploads } from "./upload-store";

/**
 * A screen's answers with its file fields made trustworthy: the references the browser sent back
 * are kept only if this journey stored them (as stored), the files just posted are checked and
 * stored after them, and files the resident removed are deleted. A file that cannot be kept
 * becomes a problem on its field, naming the file.
 */
export async function attachUploads(
  uploads: Uploads,
  journeyId: string,
  schema: object | undefined,
  answers: Answers,
  opts: {
    files: readonly (IncomingFile & { field: string })[];
    /** What the journey held for this screen before (its answers, its draft). */
    previous: readonly unknown[];
    locale: Locale;
  },
): Promise<{ answers: Answers; errors: FieldError[] }> {
  const fields = uploadFields(schema);
  if (fields.length === 0) return { answers, errors: [] };
  const next: Answers = { ...answers };
  const errors: FieldError[] = [];
  for (const field of fields) {
    const posted = Array.isArray(answers[field]) ? (answers[field] as unknown[]) : [];
    const kept = await uploads.owned(journeyId, posted);
    for (const file of opts.files.filter((f) => f.field === fieldId([field]))) {
      const stored = await uploads.store(journeyId, file);
      if ("problem" in stored)
        errors.push({
          path: `/${field}`,
          message: catalogueMessage(stored.problem, opts.locale, { name: stored.name }),
          keyword: stored.problem,
        });
      else kept.push(stored);
    }
    if (kept.length > 0) next[field] = kept;
    else delete next[field];
    const before = opts.previous.flatMap((held) => {
      const list = typeof held === "object" && held !== null ? (held as Answers)[field] : undefined;
      return Array.isArray(list) ? (list as unknown[]) : [];
    });
    const still = new Set(kept.map((ref) => ref.id));
    const removed = uploadIds(before).filter((id) => !still.has(id));
    await uploads.forget(journeyId, removed);
  }
  return { answers: next, errors };
}
