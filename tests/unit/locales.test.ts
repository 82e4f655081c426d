import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/** Every UI string exists in English and in Spanish, and none is empty. */
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
    expect(keys(read("es", file)).sort()).toEqual(keys(read("en", file)).sort());
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
