import type { FieldError } from "../validation/messages";
import type { ErrorSummaryItem } from "./ErrorSummary";
import { anchorFor, fieldKind } from "./field-kind";
import { fieldId, segmentsOf } from "./field-names";
import { asSchema, objectProperties, schemaAt, schemaType, uiSchemaAt } from "./schema-walk";

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

/** Where a property sits among its siblings on the screen: RJSF's order ("ui:order", "*"), else the schema's. */
function propertyRank(schema: unknown, uiSchema: unknown, parent: readonly string[], key: string): number {
  const keys = [...objectProperties(schemaAt(schema, parent) ?? {}, schema).keys()];
  const order = asSchema(uiSchemaAt(uiSchema, parent))?.["ui:order"];
  let shown = keys;
  if (Array.isArray(order)) {
    const named = order.filter((k): k is string => typeof k === "string" && k !== "*" && keys.includes(k));
    const rest = keys.filter((k) => !named.includes(k));
    const star = order.indexOf("*");
    shown = star === -1 ? [...named, ...rest] : [...named.slice(0, star), ...rest, ...named.slice(star)];
  }
  const at = shown.indexOf(key);
  return at === -1 ? Number.MAX_SAFE_INTEGER : at;
}

/** A field's place on the screen, as a key that sorts like the page reads (top to bottom). */
function pageRank(schema: unknown, uiSchema: unknown, segments: readonly string[]): number[] {
  return segments.map((segment, i) =>
    /^\d+$/.test(segment) && schemaType(schemaAt(schema, segments.slice(0, i)) ?? {}) === "array"
      ? Number(segment)
      : propertyRank(schema, uiSchema, segments.slice(0, i), segment),
  );
}

function compareRanks(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const d = (a[i] as number) - (b[i] as number);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

/**
 * The problems in the order their fields appear on the screen (a problem with the whole form
 * first); two problems of one field keep the order they were found in.
 */
export function inPageOrder<E extends FieldError>(
  errors: readonly E[],
  schema: unknown,
  uiSchema: unknown,
): E[] {
  const ranked = errors.map((error) => ({ error, rank: pageRank(schema, uiSchema, segmentsOf(error.path)) }));
  return ranked.sort((a, b) => compareRanks(a.rank, b.rank)).map((r) => r.error);
}

/** Each problem as the summary shows it, in page order: "Email address: Please enter a valid email address." */
export function summaryItems(
  errors: readonly FieldError[],
  schema: unknown,
  uiSchema: unknown,
): ErrorSummaryItem[] {
  return inPageOrder(errors, schema, uiSchema).map((error) => {
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
