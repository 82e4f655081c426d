import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * Every UI string exists in English and in Spanish, and none is empty. A plural (i18next's
 * `key_one`, `key_other`, and in Spanish `key_many`) counts as one string, and has every form its
 * language's plural rules ask for.
 */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const keys = (value: unknown, prefix = ""): string[] =>
  value && typeof value === "object"
    ? Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];

const read = (lang: string, file: string) =>
  JSON.parse(readFileSync(`locales/${lang}/${file}`, "utf8")) as unknown;
const namespaces = [...new Set([...readdirSync("locales/en"), ...readdirSync("locales/es")])].sort();

describe.each(namespaces)("locales/*/%s", (file) => {
  it("has the same keys in English and Spanish", () => {
    expect(readdirSync("locales/es")).toContain(file);
    expect(readdirSync("locales/en")).toContain(file);
    const strings = (lang: string) => [...new Set(keys(read(lang, file)).map((k) => k.replace(PLURAL, "")))];
    expect(strings("es").sort()).toEqual(strings("en").sort());
  });

  it("has every plural form each language needs, and no other", () => {
    for (const lang of ["en", "es"]) {
      const all = keys(read(lang, file));
      const needed = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
      for (const base of new Set(all.filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, "")))) {
        const forms = all.filter((k) => k.replace(PLURAL, "") === base && PLURAL.test(k));
        expect(forms.map((k) => PLURAL.exec(k)?.[1]).sort(), `${lang}/${file}: ${base}`).toEqual(
          [...needed].sort(),
        );
      }
    }
  });

  it("has no empty string", () => {
    for (const lang of ["en", "es"]) {
      const empty = keys(read(lang, file)).filter((k) => {
        const v = k
          .split(".")
          .reduce<unknown>((o, p) => (o as Record<string, unknown>)?.[p], read(lang, file));
        return typeof v === "string" && v.trim() === "";
      });
      expect(empty, `${lang}/${file}`).toEqual([]);
    }
  });
});

/**
 * The namespaces a form and a workflow screen read together, and the e-mails: one string each. A
 * phrase they share lives once (the workflow namespace's "common" phrases, the validation
 * catalogue, the e-mail signature) and is read from there, so a translator changes it in one place.
 */
describe("the forms', the workflow screens' and the e-mails' strings", () => {
  it("have no English string twice", () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const ns of ["forms", "validation", "workflow", "workflow-ui", "email"]) {
      const strings = read("en", `${ns}.json`);
      for (const key of keys(strings)) {
        const text = key.split(".").reduce<unknown>((o, p) => (o as Record<string, unknown>)?.[p], strings);
        if (typeof text !== "string") continue;
        const where = `${ns}:${key}`;
        const first = seen.get(text);
        if (first) twice.push(`${first} = ${where}: ${text}`);
        else seen.set(text, where);
      }
    }
    expect(twice).toEqual([]);
  });
});
