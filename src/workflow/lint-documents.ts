/**
 * `workflow check` for documents fields (`definitions/common.json#/$defs/documents`, docs/workflows.md
 * section 5). The server stores files only for a field directly in a question screen's `properties`
 * (uploadFields, src/server/uploads/attach.ts): on a check-answers screen, in a repeat or inside
 * another field they are never stored, so the answer never holds them and the resident cannot send.
 * A field takes at most MAX_FILES_PER_FIELD files: the hint, the messages and the server's bound on
 * an upload's size are made for that many.
 */
import { isUploadField, MAX_FILES_PER_FIELD } from "../domain/uploads";
import { mapSchema } from "./localize";
import type { JSONSchema, JsonPath, Screen, Severity } from "./types";

type Report = (path: JsonPath, message: string, rule: string, severity?: Severity) => void;

/** Each documents field in a schema, however deep, with where it is. */
export function uploadFieldsAnywhere(schema: unknown): Array<{ path: JsonPath; field: JSONSchema }> {
  const found: Array<{ path: JsonPath; field: JSONSchema }> = [];
  mapSchema(schema, (node, path) => {
    if (isUploadField(node)) found.push({ path, field: node });
    return node;
  });
  return found;
}

/** Where a documents field at `path` of the screen's schema is, when files are never stored there. */
function misplaced(screen: Screen, path: JsonPath): string | undefined {
  if (screen.type === "check-answers") {
    return "is on a check-answers screen: files are only taken on a question screen, so sending would always fail; ask for them on a question screen before it";
  }
  if (screen.repeat) {
    return "is inside a repeat: files are not taken for the items of a repeat, so the resident could never go on; ask for them on a screen of their own";
  }
  if (path.length !== 2 || path[0] !== "properties") {
    return `is inside another field: files are only taken for a field directly in the screen's "properties", so the resident could never go on; move it there`;
  }
  return undefined;
}

export function lintDocuments(screen: Screen, report: Report): void {
  const schemaPath = [...screen.lens, "data", "config", "schema"];
  // A repeated screen's schema is the list built around the item schema staff write (parse.ts).
  const itemDepth = screen.repeat ? 1 : 0;
  for (const { path, field } of uploadFieldsAnywhere(screen.schema)) {
    const where = [...schemaPath, ...path.slice(itemDepth)];
    const name = String(path.at(-1));
    const place = misplaced(screen, path);
    if (place) report(where, `documents field "${name}" ${place}`, "documents");
    const max = field.maxItems;
    if (typeof max === "number" && (max < 1 || max > MAX_FILES_PER_FIELD)) {
      report(
        [...where, "maxItems"],
        `documents field "${name}" has "maxItems": ${max}, but a documents field takes 1 to ${MAX_FILES_PER_FIELD} files: write a number from 1 to ${MAX_FILES_PER_FIELD}, or leave "maxItems" out for ${MAX_FILES_PER_FIELD}`,
        "documents",
      );
    }
  }
}
