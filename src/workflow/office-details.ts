/**
 * Office details in workflows come from one source, content/: an agency's e-mail, phone, address
 * and hours (content/agencies/<agency>.yaml) and the site's (content/site.yaml). A workflow text
 * names them with a `content` replace entry; when the workflows are loaded, the registry reads the
 * content once and `bindOfficeDetails` writes each entry's value (in every language) into the
 * parsed workflow. Rendering, on the server and in the browser, then needs no I/O and no content.
 */

import { localizeDeep } from "../domain/localize";
import { type ContentEntry, type LocalizedValue, type ReplaceMap, readPath } from "../domain/text-block";
import { CONFIG_MALFORMED } from "./errors";
import type { JsonPath, Problem, Workflow } from "./types";

/** What workflows may read: each agency's fields, and the site's; leaves are texts per language. */
export interface OfficeDirectory {
  site: Record<string, unknown>;
  agencies: Record<string, Record<string, unknown>>;
}

export const emptyOfficeDirectory = (): OfficeDirectory => ({ site: {}, agencies: {} });

/** Fields of a content item that are not office details (long texts, links to other items). */
const NOT_DETAILS = new Set(["localizations", "description", "activities", "stage", "position"]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** English and Spanish views zipped: equal strings stay strings, different ones become { en, es }. */
function zip(en: unknown, es: unknown): unknown {
  if (typeof en === "string") return typeof es === "string" && es !== en ? { en, es } : en;
  if (Array.isArray(en)) return en.map((entry, i) => zip(entry, Array.isArray(es) ? es[i] : undefined));
  if (!isRecord(en)) return en;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(en)) {
    if (!NOT_DETAILS.has(key)) out[key] = zip(value, isRecord(es) ? es[key] : undefined);
  }
  return out;
}

/** The view of a file written with `en:`/`es:` pairs (site.yaml) in one language. */
function pairsIn(value: unknown, locale: "en" | "es"): unknown {
  if (Array.isArray(value)) return value.map((entry) => pairsIn(entry, locale));
  if (!isRecord(value)) return value;
  if (typeof value.en === "string") return typeof value[locale] === "string" ? value[locale] : value.en;
  const { en, es, ...rest } = value;
  const block = locale === "es" ? { ...(isRecord(en) ? en : {}), ...(isRecord(es) ? es : {}) } : en;
  const merged = { ...rest, ...(isRecord(block) ? block : {}) };
  return Object.fromEntries(Object.entries(merged).map(([k, v]) => [k, pairsIn(v, locale)]));
}

/** One line a letter can be addressed with: street, suite, city, state and ZIP. */
function withFullAddress(place: unknown): void {
  if (!isRecord(place) || typeof place.address1 !== "string") return;
  const line = (locale: string) => {
    const text = (key: string) => {
      const value = place[key];
      return typeof value === "string" ? value : isRecord(value) ? String(value[locale] ?? value.en) : "";
    };
    const cityLine = [text("city"), [text("state"), text("zip")].filter(Boolean).join(" ")]
      .filter(Boolean)
      .join(", ");
    return [text("address1"), text("address2"), text("address3"), cityLine].filter(Boolean).join(", ");
  };
  const [en, es] = [line("en"), line("es")];
  place.fullAddress = en === es ? en : { en, es };
}

/** The directory from loaded content documents (src/content-service/load.ts `readContent`). */
export function officeDirectory(docs: readonly { type: string; doc: unknown }[]): OfficeDirectory {
  const directory = emptyOfficeDirectory();
  for (const { type, doc } of docs) {
    if (type === "agency" && isRecord(doc) && typeof doc.slug === "string") {
      const agency = zip(doc, localizeDeep(doc, "es")) as Record<string, unknown>;
      withFullAddress(agency.location);
      directory.agencies[doc.slug] = agency;
    } else if (type === "site") {
      const site = zip(pairsIn(doc, "en"), pairsIn(doc, "es")) as Record<string, unknown>;
      withFullAddress(site.address);
      directory.site = site;
    }
  }
  return directory;
}

/** The value an entry names, or undefined when the agency or the field does not exist. */
export function officeValue(directory: OfficeDirectory, entry: ContentEntry): LocalizedValue | undefined {
  const source = entry.agency === undefined ? directory.site : directory.agencies[entry.agency];
  if (!source) return undefined;
  const value = readPath(source, entry.field);
  if (typeof value === "string") return value;
  if (isRecord(value) && typeof value.en === "string") return value as Record<string, string>;
  return undefined;
}

/** Why an entry names nothing, for lint and load messages. */
export function officeValueProblem(directory: OfficeDirectory, entry: ContentEntry): string | undefined {
  if (officeValue(directory, entry) !== undefined) return undefined;
  if (entry.agency !== undefined && !directory.agencies[entry.agency]) {
    return `no agency "${entry.agency}" in content/agencies/`;
  }
  const where = entry.agency === undefined ? "content/site.yaml" : `content/agencies/${entry.agency}.yaml`;
  return `no text "${entry.field}" in ${where}`;
}

/**
 * Writes every `content` entry's value into the workflow's text and alert blocks and its notice. Returns a
 * problem for each entry that names nothing: a resident would read an empty gap.
 */
export function bindOfficeDetails(workflow: Workflow, directory: OfficeDirectory): Problem[] {
  const problems: Problem[] = [];
  const bind = (replace: ReplaceMap | undefined, path: JsonPath) => {
    for (const [key, entry] of Object.entries(replace ?? {})) {
      if (entry.type !== "content") continue;
      const value = officeValue(directory, entry);
      if (value !== undefined) {
        entry.value = value;
        continue;
      }
      const detail = officeValueProblem(directory, entry) ?? "";
      problems.push({
        file: workflow.file,
        path: [...path, "replace", key],
        message: `${CONFIG_MALFORMED}: ${detail}`,
        severity: "error",
        rule: "office-details",
        spec: CONFIG_MALFORMED,
        detail,
      });
    }
  };
  // The service's notice (shown on every screen) first: it comes first in the file too.
  if (workflow.notice) bind(workflow.notice.replace, ["data", "config", "notice"]);
  for (const screen of workflow.screens) {
    screen.content.forEach((block, k) => {
      if (block.kind !== "table") bind(block.replace, [...screen.lens, "data", "config", "content", k]);
    });
  }
  return problems;
}
