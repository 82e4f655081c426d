/**
 * What a 'default' typeahead item shows (SPEC §2): its title, value or result field, whichever is
 * present first; otherwise every field as 'name: value'.
 */
export function itemLabel(item: object): string {
  const fields = item as Record<string, unknown>;
  for (const name of ["title", "value", "result"]) {
    const value = fields[name];
    if ((typeof value === "string" && value.trim() !== "") || typeof value === "number") return String(value);
  }
  return Object.entries(fields)
    .filter(([, value]) => value !== undefined && value !== null && typeof value !== "function")
    .map(([name, value]) => `${name}: ${typeof value === "object" ? JSON.stringify(value) : String(value)}`)
    .join(", ");
}
