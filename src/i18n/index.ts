/**
 * The site's one i18next setup: every string in locales/<lang>/<namespace>.json, read through one
 * i18next instance per language, whoever reads it (pages, forms, validation messages, the workflow
 * engine, e-mails). Browser-safe: it imports no locale file, so a page's bundle carries only the
 * strings its language chunk brings (src/app/i18n/strings/).
 *
 * Where the strings come from:
 * - the browser: `addLocaleFiles` with the page language's chunk, before anything renders;
 * - Vite (the server bundle, development, tests): `addLocaleFiles` with every file (src/app/i18n);
 * - Node without Vite (the server's own modules under tsx, the command line): read from locales/
 *   on disk the first time a language is asked for and has nothing yet.
 *
 * An instance is made once per language and never changes language (switching language reloads
 * the page), so requests share it and none pays for initialising i18next.
 */
import i18next, { type i18n, type Resource, type TFunction } from "i18next";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../domain/localize";

export type LocaleStrings = Record<string, unknown>;

const resources: Resource = {};
const instances = new Map<Locale, i18n>();
const fixed = new Map<string, Text>();
const fixedTs = new Map<string, { instance: i18n; t: TFunction }>();
/** Texts without values, as `textFor` gave them: i18next's t costs microseconds, a lookup here nanoseconds. */
const plain = new Map<string, Map<string, string>>();

/** A namespace's strings in one language: `t(key)`, `t(key, { name: "Ana", count: 2 })`. */
export type Text = (key: string, values?: Record<string, unknown>) => string;

let strict = false;
const missingListeners = new Set<(missing: MissingKey) => void>();

export interface MissingKey {
  lng: string;
  ns: string;
  key: string;
}

/** Adds one namespace of one language (replacing what it had), to the instance too if it exists. */
export function addStrings(lang: string, ns: string, strings: LocaleStrings): void {
  resources[lang] ??= {};
  resources[lang][ns] = strings;
  plain.clear();
  const instance = isLocale(lang) ? instances.get(lang) : undefined;
  instance?.addResourceBundle(lang, ns, strings, false, true);
}

/** Adds files keyed by their path (".../locales/es/forms.json"), as import.meta.glob gives them. */
export function addLocaleFiles(files: Record<string, LocaleStrings>): void {
  for (const [path, strings] of Object.entries(files)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (match) addStrings(match[1] as string, match[2] as string, strings);
  }
}

/** The namespaces held for `lang`. */
export function namespacesOf(lang: string): string[] {
  return Object.keys(resources[lang] ?? {});
}

/**
 * Node without Vite: every namespace of `lang` read from locales/ beside src/ (or beside build/,
 * for the server bundle). `process.getBuiltinModule` keeps `node:fs` out of any bundle's imports,
 * so the browser build never sees it; in a browser it is absent and nothing is read.
 */
function readFromDisk(lang: Locale): void {
  const node = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const fs = node?.getBuiltinModule?.("node:fs") as typeof import("node:fs") | undefined;
  const url = node?.getBuiltinModule?.("node:url") as typeof import("node:url") | undefined;
  if (!fs || !url || !import.meta.url.startsWith("file:")) return;
  const here = url.fileURLToPath(import.meta.url);
  const end = Math.max(here.lastIndexOf("/src/"), here.lastIndexOf("/build/"));
  const dir = `${here.slice(0, end)}/locales/${lang}`;
  if (end < 0 || !fs.existsSync(dir)) return;
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith(".json"))) {
    addStrings(lang, file.slice(0, -5), JSON.parse(fs.readFileSync(`${dir}/${file}`, "utf8")));
  }
}

/**
 * The instance for a language, made once. A missing key (in the language asked for, or in English
 * when that is asked for) is shown as its key and reported to `whileCollectingMissingKeys`.
 */
export function i18nFor(locale: Locale): i18n {
  let instance = instances.get(locale);
  if (instance) return instance;
  if (!resources[locale]) readFromDisk(locale);
  if (!resources[DEFAULT_LOCALE]) readFromDisk(DEFAULT_LOCALE);
  instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    // English stands in for a missing Spanish string, except while a test collects missing keys.
    fallbackLng: (code: string) => (strict || code === DEFAULT_LOCALE ? [] : [DEFAULT_LOCALE]),
    resources: { ...resources },
    ns: namespacesOf(locale),
    defaultNS: "common",
    interpolation: { escapeValue: false },
    saveMissing: true,
    saveMissingTo: "current",
    missingKeyHandler: (lngs, ns, key) => {
      for (const listener of missingListeners) listener({ lng: lngs[0] ?? locale, ns, key });
    },
    initAsync: false,
    returnNull: false,
    showSupportNotice: false,
  });
  instances.set(locale, instance);
  return instance;
}

/** A text without values, as `read` gave it the first time (kept until strings are added). */
function remembered(id: string, key: string, read: () => string): string {
  let texts = plain.get(id);
  if (!texts) {
    texts = new Map();
    plain.set(id, texts);
  }
  let text = texts.get(key);
  if (text === undefined) {
    text = read();
    texts.set(key, text);
  }
  return text;
}

/**
 * `t` for one namespace of one language, made once (e-mails, validation, the forms' and the
 * engine's words). A key is read as written (no "ns:" prefix). A text without values is kept once
 * read: the forms ask for the same hints and labels on every page, and i18next's `t` does its
 * whole lookup, interpolation and nesting on each call.
 */
export function textFor(locale: Locale, ns: string): Text {
  const id = `${locale}:${ns}`;
  let t = fixed.get(id);
  if (!t) {
    const instance = i18nFor(locale);
    t = (key, values) => {
      if ((values !== undefined && Object.keys(values).length > 0) || strict)
        return instance.t(key, { ...values, ns, nsSeparator: false });
      return remembered(id, key, () => instance.t(key, { ns, nsSeparator: false }));
    };
    fixed.set(id, t);
  }
  return t;
}

/**
 * i18next's `t` for one namespace of an instance, made once, for the pages' components
 * (src/app/i18n/use-translation.ts). Keys keep i18next's "ns:key" form. A call with no options
 * is kept once read, as in `textFor`; anything else (values, counts, objects) goes to i18next.
 */
export function fixedT(instance: i18n, ns: string): TFunction {
  const id = `${instance.language}|${ns}`;
  let t = fixedTs.get(id);
  if (!t || t.instance !== instance) {
    const base = instance.getFixedT(null, ns);
    const cached = (key: string | string[], ...rest: unknown[]): unknown => {
      if (rest.length > 0 || typeof key !== "string" || strict)
        return (base as unknown as (...a: unknown[]) => unknown)(key, ...rest);
      return remembered(id, key, () => base(key));
    };
    // `Trans` reads the namespace and language a fixed `t` carries.
    const {
      lng,
      ns: namespace,
      keyPrefix,
    } = base as TFunction & { lng: string; ns: string; keyPrefix?: string };
    t = { instance, t: Object.assign(cached, { lng, ns: namespace, keyPrefix }) as unknown as TFunction };
    fixedTs.set(id, t);
  }
  return t.t;
}

/**
 * Fills `{{name}}` placeholders with i18next's own interpolation, for texts that are not in a
 * locale file (a workflow's inline validation message); a placeholder with no value is left empty.
 */
export function interpolateText(
  locale: Locale,
  text: string,
  values: Record<string, string | number> = {},
): string {
  const instance = i18nFor(locale);
  return instance.services.interpolator.interpolate(text, values, locale, {});
}

/**
 * For tests: runs `fn` with no English stand-in for a missing string and returns every key that
 * was missing meanwhile (language, namespace, key), so a test fails on a missing translation
 * rather than reading its key or the English text.
 */
export function whileCollectingMissingKeys(fn: () => void): MissingKey[] {
  const missing: MissingKey[] = [];
  const listener = (entry: MissingKey) => missing.push(entry);
  missingListeners.add(listener);
  strict = true;
  try {
    fn();
  } finally {
    strict = false;
    missingListeners.delete(listener);
  }
  return missing;
}
