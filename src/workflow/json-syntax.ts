/**
 * JSON that staff typed by hand (a workflow file, a recording), read with a message that says where
 * it breaks as an editor shows it: line and column. JSON.parse gives an offset ("at position 1234"),
 * and for some mistakes none at all ("Unexpected token ']', …": a comma after a list's last item);
 * then the offset is found by reading the text as JSON's grammar does (RFC 8259).
 */

export class JsonSyntaxError extends Error {
  override readonly name = "JsonSyntaxError";
  readonly line: number;
  readonly column: number;

  constructor(message: string, line: number, column: number) {
    super(message);
    this.line = line;
    this.column = column;
  }
}

/** The value of a JSON text; throws a JsonSyntaxError ("not valid JSON at line 3, column 7: …"). */
export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    const offset = reportedOffset(error.message) ?? syntaxErrorOffset(text);
    const { line, column } = lineAndColumn(text, offset);
    const message = `not valid JSON at line ${line}, column ${column}: ${reason(error.message)}${commaHint(text, offset)}`;
    throw new JsonSyntaxError(message, line, column);
  }
}

/** Line and column (both from 1) of an offset in a text. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split("\n");
  return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}

/** The offset in V8's message ("… in JSON at position 16"), when it gives one. */
function reportedOffset(message: string): number | undefined {
  const found = /at position (\d+)/.exec(message);
  return found ? Number(found[1]) : undefined;
}

/** V8's message without where it happened (said as line and column instead) nor a copy of the text. */
function reason(message: string): string {
  return message
    .replace(/ at position \d+.*$/s, "")
    .replace(/, (?:\.\.\.)?".*"(?:\.\.\.)? is not valid JSON$/s, "")
    .replace(/ \(line \d+ column \d+\)$/, "");
}

/** The mistake people make most: a comma after the last item of a list or an object. */
function commaHint(text: string, offset: number): string {
  const closing = text.charAt(offset);
  if (closing !== "]" && closing !== "}") return "";
  return /,\s*$/.test(text.slice(0, offset))
    ? `; remove the comma before the "${closing}": the last item has none after it`
    : "";
}

const SPACE = /[ \t\n\r]*/y;
// biome-ignore lint/suspicious/noControlCharactersInRegex: JSON strings may not hold control characters
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERAL = /true|false|null/y;

/** Where a text stops being JSON, or -1 when it is JSON. */
export function syntaxErrorOffset(text: string): number {
  let at = 0;
  const match = (pattern: RegExp): boolean => {
    pattern.lastIndex = at;
    if (!pattern.test(text)) return false;
    at = pattern.lastIndex;
    return true;
  };
  const space = () => match(SPACE);
  const items = (close: string, item: () => boolean): boolean => {
    space();
    if (text.charAt(at) === close) {
      at++;
      return true;
    }
    for (;;) {
      if (!item()) return false;
      space();
      const next = text.charAt(at);
      if (next !== "," && next !== close) return false;
      at++;
      if (next === close) return true;
    }
  };
  const member = (): boolean => {
    space();
    if (!match(STRING)) return false;
    space();
    if (text.charAt(at) !== ":") return false;
    at++;
    return value();
  };
  const value = (): boolean => {
    space();
    const first = text.charAt(at);
    if (first === "{" || first === "[") {
      at++;
      return first === "{" ? items("}", member) : items("]", value);
    }
    return match(STRING) || match(NUMBER) || match(LITERAL);
  };
  if (!value()) return at;
  space();
  return at < text.length ? at : -1;
}
