import type { Locale } from "../../domain/localize";
import { jsonInScript } from "../lib/script-json";

/** The id of the page's JSON for the islands script. */
export const ISLANDS_DATA_ID = "cp-islands";

/** The string namespaces the island components use; the page carries these in its language only. */
export const ISLAND_NAMESPACES = ["ui", "components"] as const;

export type StringBundles = Record<string, Record<string, unknown>>;

export interface IslandsPageData {
  locale: Locale;
  /** The page language's strings, by namespace. */
  strings: StringBundles;
}

/** JSON safe inside a <script> element: nothing in it can close the element or open a comment. */
export function serializePageData(data: IslandsPageData): string {
  return jsonInScript(data);
}

export function readPageData(doc: Document): IslandsPageData | undefined {
  const text = doc.getElementById(ISLANDS_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as IslandsPageData;
  } catch {
    return undefined;
  }
}
