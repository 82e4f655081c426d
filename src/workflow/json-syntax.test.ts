import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { JsonSyntaxError, lineAndColumn, parseJsonText, syntaxErrorOffset } from "./json-syntax";

/** The message parseJsonText throws for `text`. */
function refusal(text: string): string {
  try {
    parseJsonText(text);
  } catch (error) {
    expect(error).toBeInstanceOf(JsonSyntaxError);
    return (error as Error).message;
  }
  throw new Error("parsed");
}

describe("parseJsonText", () => {
  it("reads JSON as JSON.parse does", () => {
    expect(parseJsonText('{ "a": [1, "two", null] }')).toEqual({ a: [1, "two", null] });
  });

  // V8's own words differ between Node versions: only where and the hint are ours.
  it("says the line and column of the position JSON.parse gives, without the position", () => {
    const message = refusal('{\n  "workflow": "pets",\n  "locale" "en"\n}');
    expect(message).toMatch(/^not valid JSON at line 3, column 12: \S/);
    expect(message).not.toMatch(/position|line \d+ column/);
  });

  it("finds the place itself when JSON.parse gives none, and names the comma after a last item", () => {
    // Node 20: `Unexpected token ']', ..."b",\n  ]   ..." is not valid JSON`, with no position.
    const list = `{\n  "required": [\n    "a",\n    "b",\n  ]${" ".repeat(40)}\n}`;
    expect(refusal(list)).toMatch(
      /^not valid JSON at line 5, column 3: [^"]*; remove the comma before the "\]": the last item has none after it$/,
    );
    expect(refusal('{ "to": check }')).toMatch(/^not valid JSON at line 1, column 9: [^"]*$/);
    expect(refusal('{ "a": 1, }')).toMatch(
      /^not valid JSON at line 1, column 11: .*remove the comma before the "}"/,
    );
  });

  it("puts an empty or cut-off text's mistake at its end", () => {
    expect(refusal("")).toMatch(/^not valid JSON at line 1, column 1: /);
    expect(refusal('{\n  "a": [1,')).toMatch(/^not valid JSON at line 2, column 11: /);
  });
});

describe("syntaxErrorOffset", () => {
  it("finds nothing wrong with JSON, such as a workflow file", () => {
    const demo = readFileSync(new URL("../../workflows/demo-dog-licence.json", import.meta.url), "utf8");
    expect(syntaxErrorOffset(demo)).toBe(-1);
    expect(syntaxErrorOffset('{"s":"\\u00e9\\n","n":-1.5e3,"t":true,"f":false,"z":null,"l":[],"o":{}}')).toBe(
      -1,
    );
  });

  it("points where JSON's grammar stops", () => {
    expect(syntaxErrorOffset("[1,2,]")).toBe(5);
    expect(syntaxErrorOffset('{"a":01}')).toBe(6);
    expect(syntaxErrorOffset('{"a":1} x')).toBe(8);
    expect(syntaxErrorOffset("{'a':1}")).toBe(1);
  });
});

describe("lineAndColumn", () => {
  it("counts both from 1", () => {
    expect(lineAndColumn("ab\ncd", 0)).toEqual({ line: 1, column: 1 });
    expect(lineAndColumn("ab\ncd", 4)).toEqual({ line: 2, column: 2 });
    expect(lineAndColumn("ab\r\ncd", 5)).toEqual({ line: 2, column: 2 });
  });
});
