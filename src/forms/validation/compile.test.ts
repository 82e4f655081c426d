import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { kitchenSink, kitchenSinkInvalidAnswers } from "../theme/examples";
import { compileStandalone, RUNTIME_FILE, writeStandaloneModule } from "./compile";
import { loadStandaloneValidators, validateCompiled } from "./compiled";
import { validateAnswers } from "./index";

const NOW = new Date("2026-03-15T17:00:00Z");
const dir = mkdtempSync(join(tmpdir(), "catalogue-standalone-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const shared = {
  $id: "https://cedarport.gov/schemas/applicant.json",
  type: "object",
  required: ["email", "confirm"],
  properties: {
    email: { type: "string", format: "email" },
    confirm: { type: "string", matchesField: "/email" },
    born: { type: "string", format: "us-date", dateOnOrBefore: { years: -18 } },
    name: { type: "string", minLength: 2, "x-required-na": true },
    tags: { type: "array", uniqueItems: true, items: { type: "object" } },
    kind: { const: { a: 1 } },
  },
};

const schemas = {
  kitchenSink: kitchenSink("en").schema,
  applicant: shared,
  "screen/with-ref": {
    type: "object",
    required: ["applicant"],
    properties: { applicant: { $ref: "https://cedarport.gov/schemas/applicant.json" } },
  },
};

async function load(code: string, file: string) {
  const path = join(dir, file);
  writeFileSync(path, code);
  return loadStandaloneValidators(await import(pathToFileURL(path).href));
}

describe("ahead-of-time compilation", () => {
  const code = compileStandalone(schemas);

  it("generates an ES module with no Ajv compiler and no require", () => {
    expect(code).not.toMatch(/require\(/);
    expect(code).not.toMatch(/from "ajv/);
    expect(code).toContain(`import * as __catalogue from ${JSON.stringify(RUNTIME_FILE)}`);
    expect(code).toContain("export const validators");
    // Ajv's own run-time helpers come from runtime.ts too.
    expect(code).toContain("__catalogue.equal");
    expect(code).toContain("__catalogue.ucs2length");
  });

  it("validates exactly as the run-time compiled catalogue, in both languages", async () => {
    const validators = await load(code, "validators.mjs");
    expect(Object.keys(validators)).toEqual(Object.keys(schemas));
    const samples: [keyof typeof schemas, unknown][] = [
      ["kitchenSink", kitchenSinkInvalidAnswers],
      ["kitchenSink", {}],
      ["applicant", { email: "a@b.gov", confirm: "a@c.gov", born: "01/01/2020", name: "A", kind: { a: 2 } }],
      ["applicant", { email: "a@b.gov", confirm: "a@b.gov", tags: [{ x: 1 }, { x: 1 }] }],
      ["screen/with-ref", { applicant: { email: "nope" } }],
      ["screen/with-ref", { applicant: { email: "a@b.gov", confirm: "a@b.gov" } }],
    ];
    for (const [name, data] of samples) {
      for (const locale of ["en", "es"] as const) {
        const validate = validators[name];
        if (!validate) throw new Error(name);
        const ahead = validateCompiled(validate, data, { locale, now: NOW, schema: schemas[name] });
        const runtime = validateAnswers(schemas[name], data, { locale, now: NOW });
        expect(ahead, `${name} ${locale}`).toEqual(runtime);
      }
    }
    expect(
      validateCompiled(
        validators.applicant!,
        { email: "a@b.gov", confirm: "a@b.gov" },
        { locale: "en", now: NOW },
      ),
    ).toEqual([]);
  });

  it("writes a module that imports the runtime by a relative path", async () => {
    const file = join(dir, "nested", "screens.mjs");
    writeStandaloneModule(file, { applicant: shared });
    const { readFileSync } = await import("node:fs");
    const written = readFileSync(file, "utf8");
    expect(written).toMatch(/import \* as __catalogue from "\.\.?\//);
  });

  it("refuses a module without validators", () => {
    expect(() => loadStandaloneValidators({})).toThrow(/no `validators` export/);
    expect(() => loadStandaloneValidators({ validators: { a: 1 } })).toThrow(/not a function/);
  });
});
