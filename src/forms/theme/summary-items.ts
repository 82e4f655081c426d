import type { FieldError } from "../validation/messages";
import type { ErrorSummaryItem } from "./ErrorSummary";
import { anchorFor, fieldKind } from "./field-kind";
import { fieldId, segmentsOf } from "./field-names";
import { asSchema, schemaAt, uiSchemaAt } from "./schema-walk";

function fieldTitle(schema: unknown, uiSchema: unknown, segments: readonly string[]): string | undefined {
  const ui = asSchema(uiSchemaAt(uiSchema, segments));
  const title = ui?.["ui:title"] ?? schemaAt(schema, segments)?.title;
  if (typeof title !== "string" || !title) return undefined;
  // Inside a repeated group, say which item: "Amount (Property 2)".
  for (let i = segments.length - 1; i >= 0; i--) {
    const segment = segments[i] ?? "";
    if (!/^\d+$/.test(segment)) continue;
    const item = schemaAt(schema, segments.slice(0, i + 1));
    const group = schemaAt(schema, segments.slice(0, i));
    const noun = item?.title ?? group?.title;
    if (typeof noun === "string" && i < segments.length - 1)
      return `${title} (${noun} ${Number(segment) + 1})`;
    break;
  }
  return title;
}

/** Each problem as the summary shows it: "Email address: Please enter a valid email address." */
export function summaryItems(
  errors: readonly FieldError[],
  schema: unknown,
  uiSchema: unknown,
): ErrorSummaryItem[] {
  return errors.map((error) => {
    const segments = segmentsOf(error.path);
    if (segments.length === 0) return { text: error.message, targetId: null };
    const fieldSchema = schemaAt(schema, segments);
    const kind = fieldSchema ? fieldKind(fieldSchema, uiSchemaAt(uiSchema, segments), schema) : "input";
    const title = fieldTitle(schema, uiSchema, segments);
    return {
      text: title ? `${title}${/[?:!.]$/.test(title) ? "" : ":"} ${error.message}` : error.message,
      targetId: anchorFor(fieldId(segments), kind),
    };
  });
}
