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

/**
 * One English string, one key: a string two namespaces both need is read from one of them
 * (`t("ui:search.submit")`), so a translator changes it in one place. The same words under keys of
 * different namespaces are allowed only when they do different jobs, and each such group is listed
 * here with why. Keys are "namespace:dotted.key" (a plural's base key, without `_one`/`_other`).
 */
const SAME_WORDS_OTHER_JOBS: { keys: string[]; why: string }[] = [
  {
    keys: ["bids:filters.agency", "bids:columns.agency", "ui:searchResult.kind.agency"],
    why: "a bid's agency (filter, column) vs the kind of a search result",
  },
  {
    keys: ["bids:columns.title", "preview:staff.screenTitle"],
    why: "the bid list's column vs the staff preview's label of a screen's title",
  },
  {
    keys: ["bids:statuses.closed", "payments:accountStatuses.closed"],
    why: "a bid's status vs a jail gallery account's status",
  },
  {
    keys: ["common:agencies.title", "components:filters.agencies"],
    why: "the agencies page's title vs the list filters' group of agencies",
  },
  {
    keys: ["common:topics.title", "components:filters.topics"],
    why: "the topics page's title vs the list filters' group of topics",
  },
  {
    keys: ["common:search.title", "ui:search.submit"],
    why: "the search results page's title vs the search box's button",
  },
  {
    keys: ["deductions:lookup.noAddress", "ui:addressLookup.noMatches"],
    why: "a workflow lookup's refusal, shown as its field's error, vs the address box's empty list",
  },
  {
    keys: ["email:department.reference", "request-status:reference"],
    why: "a line of the department's e-mail vs the resident's field label on the status form",
  },
  {
    keys: ["email:department.requestId", "staff:case.requestId"],
    why: "the department's plain-text e-mail vs the staff console; the Spanish differs",
  },
  {
    keys: [
      "email:department.received",
      "request-status:result.received",
      "staff:inbox.received",
      "staff:case.received",
    ],
    why: "the department's e-mail, the resident's status page and the staff console: three readers",
  },
  {
    keys: ["email:department.language", "staff:case.language"],
    why: "the department's e-mail vs the staff console",
  },
  {
    keys: ["email:department.languages.en", "preview:staff.english"],
    why: "a value in an e-mail line (Spanish lower case) vs a heading (capitalised)",
  },
  {
    keys: ["email:department.languages.es", "preview:staff.spanish"],
    why: "a value in an e-mail line (Spanish lower case) vs a heading (capitalised)",
  },
  {
    keys: ["email:department.answers", "staff:case.answers"],
    why: "the department's e-mail vs the staff console",
  },
  {
    keys: ["forms:day", "staff:performance.day"],
    why: "the day box of a date field vs the performance chart's column",
  },
  {
    keys: ["payments:taxTypes.mobile-home", "property:property.mobileHome"],
    why: "a tax type's name vs the yes/no field of a property record",
  },
  {
    keys: ["preview:staff.error", "ui:typeahead.errorTitle"],
    why: "a check result's severity vs the quick results' failure",
  },
  {
    keys: ["preview:staff.type.question", "staff:performance.field"],
    why: "a kind of workflow screen vs the column of refused answers' questions",
  },
  {
    keys: ["property:property.yes", "workflow:common.yes"],
    why: "a property record's value vs a resident's answer on check answers",
  },
  {
    keys: ["property:property.no", "workflow:common.no"],
    why: "a property record's value vs a resident's answer on check answers",
  },
  {
    keys: [
      "request-status:result.service",
      "staff:home.service",
      "staff:case.service",
      "ui:searchResult.kind.service",
    ],
    why: "the resident's status page and the staff console (two readers) vs the kind of a search result",
  },
  {
    keys: ["request-status:result.status", "staff:inbox.status", "staff:case.status"],
    why: "the resident's status page vs the staff console: two readers",
  },
  {
    keys: ["request-status:result.history", "staff:case.history"],
    why: "the resident's status page vs the staff console: two readers",
  },
  {
    keys: ["staff:inbox.language", "staff:performance.language", "ui:language.label"],
    why: "the staff console's columns vs the site's language switch",
  },
];

/** Every English string of `files` (namespace → strings) with the keys that hold it. */
function keysByText(files: Record<string, unknown>): Map<string, string[]> {
  const byText = new Map<string, string[]>();
  for (const [ns, strings] of Object.entries(files)) {
    for (const key of keys(strings)) {
      const text = key.split(".").reduce<unknown>((o, p) => (o as Record<string, unknown>)?.[p], strings);
      if (typeof text !== "string") continue;
      const where = `${ns}:${key.replace(PLURAL, "")}`;
      const all = byText.get(text) ?? [];
      if (!all.includes(where)) all.push(where);
      byText.set(text, all);
    }
  }
  return byText;
}

/** "a = b: text" for each pair of keys of two namespaces that hold the same string, unless allowed. */
function sameStringAcrossNamespaces(files: Record<string, unknown>, allowed: { keys: string[] }[]): string[] {
  const found: string[] = [];
  for (const [text, where] of keysByText(files)) {
    where.forEach((a, i) => {
      for (const b of where.slice(i + 1)) {
        if (a.split(":")[0] === b.split(":")[0]) continue;
        if (!allowed.some((group) => group.keys.includes(a) && group.keys.includes(b)))
          found.push(`${a} = ${b}: ${text}`);
      }
    });
  }
  return found;
}

describe("English strings across namespaces", () => {
  const english = Object.fromEntries(
    readdirSync("locales/en").map((file) => [file.slice(0, -5), read("en", file)]),
  );

  it("are each under one key, unless listed as doing different jobs", () => {
    expect(sameStringAcrossNamespaces(english, SAME_WORDS_OTHER_JOBS)).toEqual([]);
  });

  it("list only keys that exist and still share their string, each group with its reason", () => {
    const byText = keysByText(english);
    for (const group of SAME_WORDS_OTHER_JOBS) {
      expect(group.why.trim(), group.keys.join(", ")).not.toBe("");
      const texts = [...byText].filter(([, where]) => where.some((key) => group.keys.includes(key)));
      expect(texts.length, `${group.keys.join(", ")}: one string`).toBe(1);
      expect(texts[0]?.[1], group.keys.join(", ")).toEqual(expect.arrayContaining(group.keys));
    }
  });

  it("finds a string repeated in two namespaces, and lets the same namespace and plurals be", () => {
    const files = {
      a: { ok: "OK", save: "Save", count_one: "{{count}} item", count_other: "{{count}} item" },
      b: { ok: "OK", cancel: "Cancel", again: "Cancel" },
    };
    expect(sameStringAcrossNamespaces(files, [])).toEqual(["a:ok = b:ok: OK"]);
    expect(sameStringAcrossNamespaces(files, [{ keys: ["a:ok", "b:ok"] }])).toEqual([]);
  });
});
