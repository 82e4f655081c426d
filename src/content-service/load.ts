import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { CORE_SCHEMA, load as parseYaml } from "js-yaml";
import type { Queryable } from "../db/database";
import type {
  AccordionDoc,
  ActivityDoc,
  AgencyDoc,
  AnyDoc,
  BannerDoc,
  ContentType,
  ImageDoc,
  LabelDoc,
  LocationDoc,
  PageDoc,
  PersonDoc,
  RichText,
  SiteDoc,
  Stage,
  TagDoc,
  TopicDoc,
} from "./documents";

/**
 * Reads content/ (format: docs/content.md) into documents. A file that cannot be read is
 * reported with its path and skipped, so one editor's typo never takes the site down.
 */
type Yaml = Record<string, unknown>;
export interface ContentProblem {
  file: string;
  message: string;
}
export interface LoadedContent {
  docs: { type: ContentType; doc: AnyDoc }[];
  problems: ContentProblem[];
  hash: string;
}

const LANGS = ["en", "es"] as const;

/**
 * YAML 1.2's core schema (strings, numbers, true/false, null; no dates, no merge keys), as
 * `yaml` read it before: js-yaml gives the same documents for every file of content/ and parses
 * them 6 times as fast (~35 against ~210 ms of a server start; docs/adr/0009-speed.md).
 */
export const YAML_SCHEMA = CORE_SCHEMA;

const str = (v: unknown): string | null =>
  typeof v === "string" && v.trim() !== "" ? v : v == null ? null : String(v);
const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);
const obj = (v: unknown): Yaml => (v && typeof v === "object" && !Array.isArray(v) ? (v as Yaml) : {});
const stageOf = (v: unknown): Stage => (v === "draft" ? "draft" : "published");

// Only the Markdown is kept: parsing every text at start-up for its plain text cost ~0.8 s of a
// server start (docs/adr/0009-speed.md); GraphQL's `raw` derives it when a page asks.
const rich = (v: unknown): RichText | null => {
  const markdown = str(v);
  return markdown ? { markdown } : null;
};

const image = (v: unknown, alt?: unknown): ImageDoc | null => {
  const o = obj(v);
  const url = str(o.url);
  if (!url) return null;
  return { url, altText: str(alt ?? o.altText) };
};

/**
 * A location's postal and contact fields sit on it directly; what a resident reads in their own
 * language (hours, a room or building name) sits in its `en:`/`es:` blocks, and becomes the
 * location's own localizations, merged like any other item's (docs/content.md).
 */
const location = (v: unknown): LocationDoc | null => {
  const o = obj(v);
  if (!o.id && !o.address1) return null;
  const doc: LocationDoc = { id: String(o.id ?? o.address1) };
  for (const [k, value] of Object.entries(o))
    if (k !== "id" && !(LANGS as readonly string[]).includes(k)) doc[k] = str(value);
  const { base, localizations } = texts(o, (b) =>
    Object.fromEntries(Object.entries(b).map(([k, value]) => [k, str(value)])),
  );
  Object.assign(doc, base);
  doc.localizations = localizations as LocationDoc["localizations"];
  return doc;
};

function accordions(v: unknown): AccordionDoc[] {
  return (Array.isArray(v) ? v : []).map((a, i) => {
    const o = obj(a);
    return {
      id: String(o.id ?? `accordion-${i + 1}`),
      title: String(o.title ?? ""),
      description: rich(o.description),
      items: (Array.isArray(o.items) ? o.items : []).map((it, j) => {
        const item = obj(it);
        return {
          id: String(item.id ?? `item-${j + 1}`),
          title: String(item.title ?? ""),
          description: rich(item.description),
        };
      }),
    };
  });
}

/**
 * Accordions are matched by position across languages (docs/content.md), and their ids are
 * written once, in English: a translation's accordions and items take the English ids, so the
 * localization merge never replaces an id with a generated one.
 */
function withEnglishIds(
  english: AccordionDoc[],
  translated: AccordionDoc[] | undefined,
): AccordionDoc[] | undefined {
  return translated?.map((acc, i) => ({
    ...acc,
    id: english[i]?.id ?? acc.id,
    items: acc.items.map((item, j) => ({ ...item, id: english[i]?.items[j]?.id ?? item.id })),
  }));
}

/** Per-language text fields: `en` is the base, every language (en included) is a localization. */
function texts<T>(
  y: Yaml,
  read: (block: Yaml) => T,
): { base: T; localizations: (Partial<T> & { locale: string })[] } {
  const base = read(obj(y.en));
  const localizations = LANGS.filter((l) => y[l] !== undefined).map((locale) => {
    const t = read(obj(y[locale])) as Record<string, unknown>;
    // Only fields the file actually gives: a missing Spanish field falls back to English at merge time.
    const given = Object.fromEntries(
      Object.entries(t).filter(([, v]) => v !== null && !(Array.isArray(v) && v.length === 0)),
    );
    return { locale, ...given } as Partial<T> & { locale: string };
  });
  return { base, localizations };
}

const common = (y: Yaml, fallbackId: string) => ({
  id: String(y.id ?? fallbackId),
  stage: stageOf(y.stage),
  position: Number(y.position ?? 0),
});

function activity(y: Yaml, slug: string): ActivityDoc {
  const { base, localizations } = texts(y, (b) => ({
    title: String(b.title ?? ""),
    subtitle: str(b.subtitle),
    card_title: str(b.card_title),
    short_description: str(b.short_description),
    description: rich(b.description),
    header_image: image(y.header_image, obj(b.header_image).altText),
    accordions: accordions(b.accordions),
  }));
  return {
    ...common(y, slug),
    ...base,
    slug: String(y.slug ?? slug),
    localizations: localizations.map((l) =>
      l.accordions ? { ...l, accordions: withEnglishIds(base.accordions, l.accordions) } : l,
    ),
    activity_type: y.activity_type === "Payment" ? "Payment" : "Learn",
    status: String(y.status ?? "published"),
    featured: Boolean(y.featured),
    workflow_url: str(y.workflow_url),
    external_content_url: str(y.external_content_url),
    image: image(y.image),
    agencies: list(y.agencies),
    tags: list(y.tags),
    topics: list(y.topics),
    related_activities: list(y.related_activities),
    person: str(y.person),
    location: location(y.location),
  };
}

function agency(y: Yaml, slug: string): AgencyDoc {
  const { base, localizations } = texts(y, (b) => ({
    title: String(b.title ?? ""),
    subtitle: str(b.subtitle),
    description: rich(b.description),
  }));
  return {
    ...common(y, slug),
    ...base,
    slug: String(y.slug ?? slug),
    category_id: str(y.category_id),
    quicklink: Boolean(y.quicklink),
    schedule_url: str(y.schedule_url),
    displayPerson: y.displayPerson !== false,
    person: str(y.person),
    location: location(y.location),
    localizations,
  };
}

function topic(y: Yaml, slug: string): TopicDoc {
  const { base, localizations } = texts(y, (b) => ({
    title: String(b.title ?? ""),
    description: rich(b.description),
  }));
  return { ...common(y, slug), ...base, slug: String(y.slug ?? slug), image: image(y.image), localizations };
}

function page(y: Yaml, slug: string): PageDoc {
  const { base, localizations } = texts(y, (b) => ({
    title: String(b.title ?? ""),
    subtitle: str(b.subtitle),
    description: rich(b.description),
  }));
  return { ...common(y, slug), ...base, slug: String(y.slug ?? slug), localizations };
}

function person(y: Yaml, id: string): PersonDoc {
  const { base, localizations } = texts(y, (b) => ({
    name: String(b.name ?? obj(y.en).name ?? ""),
    title: str(b.title),
    biography: rich(b.biography),
  }));
  const assoc = obj(y.association);
  const district = Number(y.district);
  return {
    ...common(y, id),
    ...base,
    image: image(y.image),
    // A whole number from 1; anything else is no district (the person is not a councilor).
    district: Number.isInteger(district) && district >= 1 ? district : null,
    association:
      assoc.agency || assoc.activity
        ? { agency: str(assoc.agency) ?? undefined, activity: str(assoc.activity) ?? undefined }
        : null,
    localizations,
  };
}

function tag(y: Yaml, i: number): TagDoc {
  const { base, localizations } = texts(y, (b) => ({ title: String(b.title ?? "") }));
  const type = String(y.type ?? "topic").toLowerCase();
  return {
    ...common(y, `tag-${i}`),
    position: Number(y.position ?? i),
    ...base,
    type: type === "verb" || type === "user" ? type : "topic",
    localizations,
  };
}

function banner(y: Yaml, i: number): BannerDoc {
  const { base, localizations } = texts(y, (b) => ({ title: String(b.title ?? "") }));
  return {
    ...common(y, `banner-${i}`),
    position: Number(y.position ?? i),
    ...base,
    link: str(y.link),
    background_color: str(y.background_color),
    starts_at: str(y.starts_at),
    ends_at: str(y.ends_at),
    localizations,
  };
}

function label(y: Yaml, i: number): LabelDoc {
  return {
    id: String(y.id ?? y.type ?? `label-${i}`),
    type: String(y.type ?? ""),
    stage: stageOf(y.stage),
    position: i,
    banners: list(y.banners),
    activities: list(y.activities),
    agencies: list(y.agencies),
    persons: list(y.persons),
    topics: list(y.topics),
  };
}

const FOLDERS: Record<string, { type: ContentType; read: (y: Yaml, slug: string) => AnyDoc }> = {
  activities: { type: "activity", read: activity },
  agencies: { type: "agency", read: agency },
  topics: { type: "topic", read: topic },
  pages: { type: "page", read: page },
  persons: { type: "person", read: person },
};
const LISTS: Record<string, { type: ContentType; read: (y: Yaml, i: number) => AnyDoc }> = {
  "tags.yaml": { type: "tag", read: tag },
  "banners.yaml": { type: "banner", read: banner },
  "labels.yaml": { type: "label", read: label },
};

function yamlFiles(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return yamlFiles(path);
    return /\.ya?ml$/.test(name) ? [path] : [];
  });
}

/**
 * The last content read from each folder: a server start reads it twice (the content service, the
 * workflows' office directory), and parsing the YAML is what costs; unchanged files are not parsed
 * again. The result is shared, so it is never changed by its readers.
 */
const lastRead = new Map<string, LoadedContent>();

export function readContent(dir: string): LoadedContent {
  const files = yamlFiles(dir)
    .sort()
    .map((path) => ({ file: relative(dir, path), text: readFileSync(path, "utf8") }));
  const hash = createHash("sha256");
  for (const { file, text } of files) hash.update(file).update("\0").update(text).update("\0");
  const digest = hash.digest("hex");
  const last = lastRead.get(dir);
  if (last?.hash === digest) return last;
  const content = parseContent(files, digest);
  lastRead.set(dir, content);
  return content;
}

function parseContent(files: Array<{ file: string; text: string }>, hash: string): LoadedContent {
  const docs: LoadedContent["docs"] = [];
  const problems: ContentProblem[] = [];
  for (const { file, text } of files) {
    let parsed: unknown;
    try {
      parsed = parseYaml(text, { schema: YAML_SCHEMA });
    } catch (error) {
      problems.push({ file, message: (error as Error).message.split("\n")[0] ?? "invalid YAML" });
      continue;
    }
    const [folder, name] = file.split(/[\\/]/);
    const slug = (name ?? folder ?? "").replace(/\.ya?ml$/, "");
    if (name && folder && FOLDERS[folder]) {
      const { type, read } = FOLDERS[folder];
      docs.push({ type, doc: read(obj(parsed), slug) });
    } else if (folder && LISTS[folder]) {
      const { type, read } = LISTS[folder];
      if (!Array.isArray(parsed)) {
        problems.push({ file, message: "expected a list of items" });
        continue;
      }
      for (const [i, y] of parsed.entries()) docs.push({ type, doc: read(obj(y), i) });
    } else if (folder === "site.yaml") {
      docs.push({
        type: "site",
        doc: { ...obj(parsed), id: "site", stage: "published", position: 0 } as SiteDoc,
      });
    }
  }
  return { docs, problems, hash };
}

/**
 * Replaces the stored content with `content` in one transaction when its hash differs from the
 * stored one. Returns true when something changed.
 */
export async function storeContent(
  db: { transaction: <T>(w: (tx: Queryable) => Promise<T>) => Promise<T> },
  content: LoadedContent,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.all<{ value: string }>("SELECT value FROM content_state WHERE key = ?", ["hash"]);
    if (row?.value === content.hash) return false;
    await tx.run("DELETE FROM content_items");
    for (const { type, doc } of content.docs) {
      await tx.run(
        "INSERT INTO content_items (type, id, slug, stage, position, data) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (type, id) DO UPDATE SET slug = excluded.slug, stage = excluded.stage, position = excluded.position, data = excluded.data",
        [type, doc.id, "slug" in doc ? String(doc.slug) : null, doc.stage, doc.position, JSON.stringify(doc)],
      );
    }
    const version = String(Date.now());
    for (const [key, value] of [
      ["hash", content.hash],
      ["version", version],
    ] as const) {
      await tx.run(
        "INSERT INTO content_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        [key, value],
      );
    }
    return true;
  });
}
