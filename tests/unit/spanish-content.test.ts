import { describe, expect, it } from "vitest";
import { readContent } from "../../src/content-service/load";
import { localizeDeep } from "../../src/domain/localize";
import { englishWords, proseStrings, readAllowList, spanishOfPairs } from "./spanish-text";

/**
 * Every content field a resident reads in Spanish is Spanish: titles, descriptions, accordions,
 * locations (hours, rooms), people, banners, tags, site.yaml. English is allowed only for the
 * proper names in config/spanish-proper-names.txt.
 */
const content = readContent("content");
const allowed = readAllowList();

function spanishView(type: string, doc: unknown): unknown {
  return type === "site" ? spanishOfPairs(doc) : localizeDeep(doc, "es");
}

describe("Spanish content", () => {
  it("has no English outside the allow-listed proper names", () => {
    const found: string[] = [];
    for (const { type, doc } of content.docs) {
      for (const { path, text } of proseStrings(spanishView(type, doc))) {
        const words = englishWords(text, allowed);
        if (words.length > 0) found.push(`${type} ${doc.id} ${path}: ${[...new Set(words)].join(", ")}`);
      }
    }
    expect(found).toEqual([]);
  });

  it("covers location hours and rooms, which residents read in their language", () => {
    const agencies = content.docs.filter((d) => d.type === "agency");
    const hours = agencies.flatMap(({ doc }) =>
      proseStrings(localizeDeep(doc, "es")).filter((s) => s.path.startsWith("location.hours")),
    );
    expect(hours.length).toBeGreaterThanOrEqual(agencies.length);
  });
});

describe("englishWords", () => {
  it("finds English words, an office name in running text included", () => {
    expect(englishWords("O envíe una carta a Office of the Mayor, 200 E. Market Street.")).toEqual([
      "Office",
      "of",
      "the",
      "Street",
    ]);
    expect(englishWords("Monday to Friday, 8 a.m. to 4:30 p.m.")).toEqual(["Monday", "to", "Friday", "to"]);
  });

  it("passes Spanish, addresses, acronyms and allow-listed names", () => {
    expect(englishWords("De lunes a viernes, de 8 a.m. a 4:30 p.m. Use este formulario.")).toEqual([]);
    expect(
      englishWords("Escriba a [la oficina](https://example.org/the-office) o a mayor@cedarport.gov."),
    ).toEqual([]);
    expect(englishWords("Cedarport, IN 46204; la BMV de Indiana")).toEqual([]);
    expect(englishWords("200 E. Market Street, sala 160", ["Market Street"])).toEqual([]);
  });
});
