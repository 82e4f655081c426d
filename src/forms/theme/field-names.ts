/**
 * How fields are named in the HTML the theme renders, and how JSON pointers map to those names.
 * A field's `name` is its RJSF id: "root", then each property name or array index, joined by "_":
 *
 *   /applicant/email      → root_applicant_email
 *   /properties/0/parcel  → root_properties_0_parcel
 *
 * Parsing never splits a name on "_" (property names may contain it): the server walks the schema
 * and asks for each expected name. Beside the fields the theme posts a few markers:
 *
 *   root_agree = false, then true if ticked     a single checkbox: a hidden "false" precedes it
 *   root_services = "" , then each ticked value a checkbox list: a hidden empty value precedes them
 *   root_properties__count = 2                  the number of items of a repeated group
 *   _action = add:/properties                   the "Add another" button (no JavaScript)
 *   _action = remove:/properties/1              a "Remove" button (no JavaScript)
 */

export const ID_PREFIX = "root";
export const ID_SEPARATOR = "_";
export const ACTION_FIELD = "_action";

export type PathSegment = string | number;

export function segmentsOf(pointer: string): string[] {
  if (pointer === "" || pointer === "/") return [];
  return pointer
    .replace(/^\//, "")
    .split("/")
    .map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"));
}

export function pointerOf(segments: readonly PathSegment[]): string {
  return segments.map((s) => `/${String(s).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");
}

/** The id (and name) of the field at a JSON pointer: "/applicant/email" → "root_applicant_email". */
export function fieldId(pointer: string | readonly PathSegment[]): string {
  const segments = typeof pointer === "string" ? segmentsOf(pointer) : pointer;
  return [ID_PREFIX, ...segments].join(ID_SEPARATOR);
}

export const countName = (id: string) => `${id}__count`;
export const hintId = (id: string) => `${id}__description`;
export const errorId = (id: string) => `${id}__error`;
export const optionId = (id: string, index: number) => `${id}-${index}`;
