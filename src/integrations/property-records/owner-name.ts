/**
 * Owner names as search keys. Each word of an owner's name is indexed on its own, so "Delgado",
 * "delgado maria", "Delgado, Maria" and "Maria L. Delgado" all find Maria Delgado, and "Garcia"
 * finds Ana García-López.
 */
import { keyText } from "./address";

const words = (name: string) =>
  keyText(name)
    .replace(/[#,]/g, " ")
    .split(" ")
    .filter((word) => word !== "");

/** The distinct words of a stored owner name. */
export function ownerWords(name: string): string[] {
  return [...new Set(words(name))];
}

/** The most words a query is matched on; more are ignored rather than refused. */
export const MAX_QUERY_WORDS = 5;

/**
 * The words of an owner query, each matched as a word prefix. "and" joins two names ("Maria and
 * Luis Delgado") and a lone initial is a middle initial the record may not hold: both are dropped
 * unless nothing else is left.
 */
export function ownerQueryWords(query: string): string[] {
  const all = [...new Set(words(query))];
  const meaningful = all.filter((word) => word.length > 1 && word !== "AND");
  return (meaningful.length > 0 ? meaningful : all).slice(0, MAX_QUERY_WORDS);
}

const ORGANIZATION_WORDS = new Set([
  "LLC",
  "INC",
  "CORP",
  "CORPORATION",
  "CO",
  "COMPANY",
  "TRUST",
  "LP",
  "LLP",
  "LTD",
  "PARTNERS",
  "PARTNERSHIP",
  "ASSOCIATION",
  "HOLDINGS",
  "PROPERTIES",
  "RENTALS",
  "BANK",
  "CHURCH",
  "FOUNDATION",
  "ESTATE",
]);
const GENERATIONS = new Set(["JR", "SR", "II", "III", "IV"]);

/** True when a name is a company, trust or other organization rather than a person. */
export function isOrganizationName(name: string): boolean {
  return words(name).some((word) => ORGANIZATION_WORDS.has(word));
}

/**
 * How owner lists are sorted, as the assessor sorts them: people by last name then first,
 * organizations by their name as written.
 */
export function ownerSortKey(name: string): string {
  const all = words(name);
  if (all.length < 2 || all.some((word) => ORGANIZATION_WORDS.has(word))) return all.join(" ");
  const lastIndex =
    GENERATIONS.has(all[all.length - 1] ?? "") && all.length > 2 ? all.length - 2 : all.length - 1;
  const last = all[lastIndex] ?? "";
  return [last, ...all.filter((_, i) => i !== lastIndex)].join(" ");
}
