/**
 * Reads the demo content straight from content/**.yaml (format in docs/content.md) into an
 * IndexSource, so relevance is measured on the real content without the content service.
 * Workflows (workflows/*.json) become service records when they carry a name and a title.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parse } from "yaml";
import type {
  ContentLocalization,
  IndexSource,
  NamedRef,
  ServiceSource,
  TagRef,
} from "../../src/search-service/records";

type Yaml = Record<string, unknown>;

const LOCALES = ["en", "es"] as const;

function str(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value : null;
}

function list(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === "string") : [];
}

function block(item: Yaml, locale: string): Yaml {
  const value = item[locale];
  return value && typeof value === "object" ? (value as Yaml) : {};
}

function readYamlDir(dir: string): Yaml[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith(".yaml") || file.endsWith(".yml"))
    .sort()
    .map((file) => parse(readFileSync(join(dir, file), "utf8")) as Yaml)
    .filter((item) => item && typeof item === "object" && item.stage !== "draft");
}

function localizations(item: Yaml): ContentLocalization[] {
  return LOCALES.map((locale) => {
    const fields = block(item, locale);
    const description = str(fields.description);
    return {
      locale,
      title: str(fields.title),
      subtitle: str(fields.subtitle),
      short_description: str(fields.short_description),
      description: description ? { markdown: description } : null,
    };
  });
}

function named(item: Yaml, titleField = "title"): NamedRef {
  return {
    id: String(item.id ?? item.slug),
    title: str(block(item, "en")[titleField]) ?? String(item.id),
    localizations: LOCALES.map((locale) => ({ locale, title: str(block(item, locale)[titleField]) })),
  };
}

function base(item: Yaml) {
  const en = block(item, "en");
  const description = str(en.description);
  return {
    id: String(item.id ?? item.slug),
    slug: String(item.slug ?? item.id),
    title: str(en.title) ?? "",
    subtitle: str(en.subtitle),
    short_description: str(en.short_description),
    description: description ? { markdown: description } : null,
    localizations: localizations(item),
  };
}

/** Workflows as services; tolerant of the file format, which another team owns. */
function readServices(dir: string): ServiceSource[] {
  if (!existsSync(dir)) return [];
  const services: ServiceSource[] = [];
  for (const file of readdirSync(dir).sort()) {
    if (!file.endsWith(".json")) continue;
    let json: Yaml;
    try {
      json = JSON.parse(readFileSync(join(dir, file), "utf8")) as Yaml;
    } catch {
      continue;
    }
    const name = str(json.name) ?? file.replace(/\.json$/, "");
    const title = json.title as { en?: unknown; es?: unknown } | string | undefined;
    const description = json.description as { en?: unknown; es?: unknown } | string | undefined;
    const bilingual = (value: typeof title) => {
      if (typeof value === "string") return { en: value, es: value };
      if (value && typeof value === "object" && typeof value.en === "string") {
        return { en: value.en, es: typeof value.es === "string" ? value.es : value.en };
      }
      return null;
    };
    const titles = bilingual(title);
    if (!titles) continue;
    const descriptions = bilingual(description);
    services.push({ name, title: titles, ...(descriptions ? { description: descriptions } : {}) });
  }
  return services;
}

export function loadContent(root = resolve(import.meta.dirname, "../..")): IndexSource {
  const content = join(root, "content");
  const tagsFile = join(content, "tags.yaml");
  const tags = new Map<string, TagRef>();
  if (existsSync(tagsFile)) {
    for (const tag of (parse(readFileSync(tagsFile, "utf8")) as Yaml[]) ?? []) {
      tags.set(String(tag.id), { ...named(tag), type: String(tag.type) });
    }
  }
  const agencyItems = readYamlDir(join(content, "agencies"));
  const topicItems = readYamlDir(join(content, "topics"));
  const agencies = new Map(agencyItems.map((item) => [String(item.slug ?? item.id), named(item)]));
  const topics = new Map(topicItems.map((item) => [String(item.slug ?? item.id), named(item)]));
  const refs = <T>(ids: string[], table: Map<string, T>) =>
    ids.flatMap((id) => {
      const ref = table.get(id);
      return ref ? [ref] : [];
    });

  return {
    activities: readYamlDir(join(content, "activities")).map((item) => ({
      ...base(item),
      external_content_url: str(item.external_content_url),
      activity_type: str(item.activity_type) ?? "Learn",
      agencies: refs(list(item.agencies), agencies),
      tags: refs(list(item.tags), tags),
      topics: refs(list(item.topics), topics),
    })),
    agencies: agencyItems.map(base),
    topics: topicItems.map((item) => {
      const { subtitle: _subtitle, short_description: _short, ...topic } = base(item);
      return topic;
    }),
    services: readServices(join(root, "workflows")),
  };
}
