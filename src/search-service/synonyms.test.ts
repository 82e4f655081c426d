import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stemmer } from "@orama/stemmers/english";
import { describe, expect, it } from "vitest";
import {
  loadSynonyms,
  parseSynonyms,
  SynonymExpander,
  SynonymsFileError,
  synonymsFilePath,
} from "./synonyms";

describe("synonyms file", () => {
  it("the project's file is valid and covers both languages", () => {
    const groups = loadSynonyms(join(import.meta.dirname, "../../config/synonyms.json"));
    expect(groups.length).toBeGreaterThan(20);
    const flat = groups.flat();
    for (const word of [
      "trash",
      "garbage",
      "basura",
      "pothole",
      "bache",
      "permiso",
      "impuestos",
      "cárcel",
      "recluso",
      "exención",
    ]) {
      expect(flat).toContain(word);
    }
  });

  it("validates the format", () => {
    expect(parseSynonyms({ synonyms: [[" a ", "b"]] })).toEqual([["a", "b"]]);
    expect(() => parseSynonyms({})).toThrow(SynonymsFileError);
    expect(() => parseSynonyms({ synonyms: [["alone"]] })).toThrow(SynonymsFileError);
    expect(() => parseSynonyms({ synonyms: [["a", 1]] })).toThrow(SynonymsFileError);
  });

  it("reads a file, treats a missing one as empty and a broken one as an error", () => {
    const dir = mkdtempSync(join(tmpdir(), "synonyms-"));
    expect(loadSynonyms(join(dir, "missing.json"))).toEqual([]);
    writeFileSync(join(dir, "broken.json"), "{");
    expect(() => loadSynonyms(join(dir, "broken.json"))).toThrow(SynonymsFileError);
    expect(synonymsFilePath({ SEARCH_SYNONYMS_FILE: "/x/y.json" })).toBe("/x/y.json");
  });
});

describe("SynonymExpander", () => {
  const expander = new SynonymExpander(
    [
      ["trash", "garbage", "solid waste"],
      ["pothole", "bache"],
    ],
    stemmer,
    new Set(["of"]),
  );

  it("adds each other member of a matched group, matching by stem and longest phrase", () => {
    expect(expander.variants(["potholes", "repair"])).toEqual([
      { words: ["potholes", "repair"], substituted: [] },
      { words: ["bache", "repair"], substituted: ["bache"] },
    ]);
    const solid = expander.variants(["solid", "waste", "pickup"]).map((v) => v.words.join(" "));
    expect(solid).toEqual(["solid waste pickup", "trash pickup", "garbage pickup"]);
  });

  it("leaves queries without synonyms alone and caps the variants", () => {
    expect(expander.variants(["library"])).toHaveLength(1);
    expect(expander.variants(["trash", "pothole"], 2)).toHaveLength(2);
    expect(expander.variants([])).toEqual([{ words: [], substituted: [] }]);
  });
});
