/**
 * Reads content straight from content/**.yaml (format in docs/content.md) and the online services
 * from workflows/*.json into an IndexSource. The indexer CLI and the relevance tests use it; the web
 * server may index from the content service instead (same IndexSource shape).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { load } from "js-yaml";
import { YAML_SCHEMA } from "../content-service/load";
import type { ContentLocalization, IndexSource, NamedRef, ServiceSource, TagRef } from "./records";

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
    .map((file) => load(readFileSync(join(dir, file), "utf8"), { schema: YAML_SCHEMA }) as Yaml)
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

type Texts = { en: string; es: string };

function lookupKey(table: unknown, key: string): string | null {
  let value: unknown = table;
  for (const part of key.split(".")) {
    if (!value || typeof value !== "object") return null;
    value = (value as Yaml)[part];
  }
  return str(value);
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return null;
  }
}

/** A workflow text: { en, es } or a translation key of locales/{en,es}/workflow.json. */
function texts(value: unknown, strings: Record<string, unknown>): Texts | null {
  if (typeof value === "string") {
    const en = lookupKey(strings.en, value);
    if (!en) return null;
    return { en, es: lookupKey(strings.es, value) ?? en };
  }
  if (value && typeof value === "object") {
    const en = str((value as Yaml).en);
    if (!en) return null;
    return { en, es: str((value as Yaml).es) ?? en };
  }
  return null;
}

/** Each workflow file is an online service (docs/workflows.md): name, data.config.title and description. */
function readServices(root: string): ServiceSource[] {
  const dir = join(root, "workflows");
  if (!existsSync(dir)) return [];
  const strings = {
    en: readJson(join(root, "locales/en/workflow.json")) ?? {},
    es: readJson(join(root, "locales/es/workflow.json")) ?? {},
  };
  const services: ServiceSource[] = [];
  for (const file of readdirSync(dir).sort()) {
    if (!file.endsWith(".json")) continue;
    const workflow = readJson(join(dir, file)) as Yaml | null;
    if (!workflow || typeof workflow !== "object") continue;
    const config = ((workflow.data as Yaml | undefined)?.config ?? {}) as Yaml;
    const name = str(workflow.name) ?? file.replace(/\.json$/, "");
    const title = texts(config.title ?? workflow.title, strings);
    if (!title) continue;
    const description = texts(config.description ?? workflow.description, strings);
    services.push({ name, title, ...(description ? { description } : {}) });
  }
  return services;
}

export function loadContentSource(root = process.cwd()): IndexSource {
  const content = join(root, "content");
  const tagsFile = join(content, "tags.yaml");
  const tags = new Map<string, TagRef>();
  if (existsSync(tagsFile)) {
    for (const tag of (load(readFileSync(tagsFile, "utf8"), { schema: YAML_SCHEMA }) as Yaml[]) ?? []) {
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
    services: readServices(root),
  };
}
