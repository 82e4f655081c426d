/**
 * Algolia's facet filter syntax, the part a content search needs:
 * `filters: 'locale:es AND (kind:activity OR kind:topic) AND NOT tag_ids:pay'` and
 * `facetFilters: ['locale:es', ['kind:activity', 'kind:topic'], '-tag_ids:pay']`.
 * Both become one small tree, which the engine turns into an Orama `where` clause.
 */

export type FilterNode =
  | { op: "eq"; attribute: string; value: string }
  | { op: "and"; nodes: FilterNode[] }
  | { op: "or"; nodes: FilterNode[] }
  | { op: "not"; node: FilterNode };

export class FilterSyntaxError extends Error {
  override name = "FilterSyntaxError";
}

const MAX_FILTER_LENGTH = 4096;
const MAX_FILTER_DEPTH = 32;

type Token = { kind: "word"; text: string } | { kind: "string"; text: string } | { kind: "(" | ")" | ":" };

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input[i] as string;
    if (/\s/.test(c)) {
      i++;
    } else if (c === "(" || c === ")" || c === ":") {
      tokens.push({ kind: c });
      i++;
    } else if (c === '"' || c === "'") {
      let value = "";
      i++;
      while (i < input.length && input[i] !== c) {
        if (input[i] === "\\" && i + 1 < input.length) i++;
        value += input[i];
        i++;
      }
      if (i >= input.length) throw new FilterSyntaxError("filters: unterminated string");
      i++;
      tokens.push({ kind: "string", text: value });
    } else {
      let word = "";
      while (i < input.length && !/[\s():"']/.test(input[i] as string)) {
        word += input[i];
        i++;
      }
      tokens.push({ kind: "word", text: word });
    }
  }
  return tokens;
}

/** Parses Algolia's `filters` string. An empty string means no filter (null). */
export function parseFilters(input: string): FilterNode | null {
  if (input.length > MAX_FILTER_LENGTH) throw new FilterSyntaxError("filters: too long");
  const tokens = tokenize(input);
  if (tokens.length === 0) return null;
  let pos = 0;
  let depth = 0;
  const peek = () => tokens[pos];
  const isKeyword = (token: Token | undefined, keyword: string) =>
    token?.kind === "word" && token.text.toUpperCase() === keyword;

  function parseOr(): FilterNode {
    const nodes = [parseAnd()];
    while (isKeyword(peek(), "OR")) {
      pos++;
      nodes.push(parseAnd());
    }
    return nodes.length === 1 ? (nodes[0] as FilterNode) : { op: "or", nodes };
  }
  function parseAnd(): FilterNode {
    const nodes = [parseUnary()];
    while (isKeyword(peek(), "AND")) {
      pos++;
      nodes.push(parseUnary());
    }
    return nodes.length === 1 ? (nodes[0] as FilterNode) : { op: "and", nodes };
  }
  function parseUnary(): FilterNode {
    if (++depth > MAX_FILTER_DEPTH) throw new FilterSyntaxError("filters: nested too deeply");
    try {
      return parseUnaryInner();
    } finally {
      depth--;
    }
  }
  function parseUnaryInner(): FilterNode {
    if (isKeyword(peek(), "NOT")) {
      pos++;
      return { op: "not", node: parseUnary() };
    }
    const token = peek();
    if (token?.kind === "(") {
      pos++;
      const inner = parseOr();
      if (peek()?.kind !== ")") throw new FilterSyntaxError("filters: missing closing parenthesis");
      pos++;
      return inner;
    }
    return parseComparison();
  }
  function parseComparison(): FilterNode {
    const attribute = tokens[pos];
    const colon = tokens[pos + 1];
    const value = tokens[pos + 2];
    if (
      (attribute?.kind !== "word" && attribute?.kind !== "string") ||
      colon?.kind !== ":" ||
      (value?.kind !== "word" && value?.kind !== "string")
    ) {
      throw new FilterSyntaxError("filters: expected attribute:value");
    }
    pos += 3;
    return { op: "eq", attribute: attribute.text, value: value.text };
  }

  const tree = parseOr();
  if (pos !== tokens.length) throw new FilterSyntaxError("filters: unexpected input after expression");
  return tree;
}

function parseFacetFilter(entry: unknown): FilterNode {
  if (typeof entry !== "string") throw new FilterSyntaxError("facetFilters: expected a string");
  const negated = entry.startsWith("-");
  const body = negated ? entry.slice(1) : entry;
  const colon = body.indexOf(":");
  if (colon <= 0) throw new FilterSyntaxError("facetFilters: expected attribute:value");
  const node: FilterNode = { op: "eq", attribute: body.slice(0, colon), value: body.slice(colon + 1) };
  return negated ? { op: "not", node } : node;
}

/** Parses Algolia's `facetFilters`: a string, or a list of strings and lists (inner lists are ORed). */
export function parseFacetFilters(input: unknown): FilterNode | null {
  if (input === undefined || input === null) return null;
  if (typeof input === "string") {
    const trimmed = input.trim();
    if (trimmed.startsWith("[")) {
      try {
        return parseFacetFilters(JSON.parse(trimmed));
      } catch (error) {
        if (error instanceof FilterSyntaxError) throw error;
        throw new FilterSyntaxError("facetFilters: invalid JSON");
      }
    }
    return trimmed === "" ? null : parseFacetFilter(trimmed);
  }
  if (!Array.isArray(input)) throw new FilterSyntaxError("facetFilters: expected a list");
  if (input.length > 100) throw new FilterSyntaxError("facetFilters: too many filters");
  const nodes = input.map((entry): FilterNode => {
    if (Array.isArray(entry)) {
      if (entry.length > 100) throw new FilterSyntaxError("facetFilters: too many filters");
      const inner = entry.map(parseFacetFilter);
      return inner.length === 1 ? (inner[0] as FilterNode) : { op: "or", nodes: inner };
    }
    return parseFacetFilter(entry);
  });
  if (nodes.length === 0) return null;
  return nodes.length === 1 ? (nodes[0] as FilterNode) : { op: "and", nodes };
}

/** Both kinds of filter together, as Algolia applies them (AND). */
export function combineFilters(...nodes: Array<FilterNode | null>): FilterNode | null {
  const present = nodes.filter((node): node is FilterNode => node !== null);
  if (present.length === 0) return null;
  return present.length === 1 ? (present[0] as FilterNode) : { op: "and", nodes: present };
}

/**
 * The filter as seen from one language's index, where every record has that locale: `locale:x`
 * clauses become true or false and fold away. Returns true (no filter left) or false (nothing can match).
 */
export function filterForLocale(node: FilterNode | null, locale: string): FilterNode | boolean {
  if (!node) return true;
  switch (node.op) {
    case "eq":
      return node.attribute === "locale" ? node.value === locale : node;
    case "not": {
      const inner = filterForLocale(node.node, locale);
      return typeof inner === "boolean" ? !inner : { op: "not", node: inner };
    }
    case "and": {
      const kept: FilterNode[] = [];
      for (const child of node.nodes) {
        const result = filterForLocale(child, locale);
        if (result === false) return false;
        if (result !== true) kept.push(result);
      }
      if (kept.length === 0) return true;
      return kept.length === 1 ? (kept[0] as FilterNode) : { op: "and", nodes: kept };
    }
    case "or": {
      const kept: FilterNode[] = [];
      for (const child of node.nodes) {
        const result = filterForLocale(child, locale);
        if (result === true) return true;
        if (result !== false) kept.push(result);
      }
      if (kept.length === 0) return false;
      return kept.length === 1 ? (kept[0] as FilterNode) : { op: "or", nodes: kept };
    }
  }
}
