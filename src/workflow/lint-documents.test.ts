import { describe, expect, it } from "vitest";
import common from "../../schemas/definitions/common.json";
import { MAX_FILES_PER_FIELD } from "../domain/uploads";
import { lintDocuments } from "./lint-documents";
import type { Screen, ScreenType } from "./types";

const documents = { ...common.$defs.documents, title: { en: "Evidence", es: "Pruebas" } };

function problems(schema: object, opts: { type?: ScreenType; repeat?: boolean } = {}): string[] {
  const screen = {
    name: "evidence",
    type: opts.type ?? "question",
    lens: ["nodes", 3],
    schema: opts.repeat ? { type: "array", items: schema } : schema,
    repeat: opts.repeat ? { max: 2 } : undefined,
  } as unknown as Screen;
  const found: string[] = [];
  lintDocuments(screen, (path, message) => found.push(`${path.join(".")}: ${message}`));
  return found;
}

const withField = (field: object) => ({ type: "object", properties: { papers: field } });

describe("workflow check: documents fields", () => {
  it("is the limit the shared definition gives every documents field", () => {
    expect(common.$defs.documents.maxItems).toBe(MAX_FILES_PER_FIELD);
  });

  it("accepts a documents field directly on a question screen, with up to the limit of files", () => {
    expect(problems(withField(documents))).toEqual([]);
    expect(problems(withField({ ...documents, maxItems: 1 }))).toEqual([]);
    expect(problems(withField({ ...documents, maxItems: MAX_FILES_PER_FIELD }))).toEqual([]);
  });

  it("refuses more files than the limit, or none, saying the limit", () => {
    expect(problems(withField({ ...documents, maxItems: 10 }))).toEqual([
      'nodes.3.data.config.schema.properties.papers.maxItems: documents field "papers" has "maxItems": 10, but a documents field takes 1 to 5 files: write a number from 1 to 5, or leave "maxItems" out for 5',
    ]);
    expect(problems(withField({ ...documents, maxItems: 0 }))).toHaveLength(1);
  });

  it("refuses a documents field where no file is taken: check answers, a repeat, inside another field", () => {
    expect(problems(withField(documents), { type: "check-answers" })).toEqual([
      'nodes.3.data.config.schema.properties.papers: documents field "papers" is on a check-answers screen: files are only taken on a question screen, so sending would always fail; ask for them on a question screen before it',
    ]);
    expect(problems(withField(documents), { repeat: true })).toEqual([
      expect.stringMatching(
        /^nodes\.3\.data\.config\.schema\.properties\.papers: documents field "papers" is inside a repeat:/,
      ),
    ]);
    expect(
      problems({
        type: "object",
        properties: { proof: { type: "object", properties: { papers: documents } } },
      }),
    ).toEqual([
      expect.stringMatching(
        /^nodes\.3\.data\.config\.schema\.properties\.proof\.properties\.papers: documents field "papers" is inside another field:/,
      ),
    ]);
  });
});
