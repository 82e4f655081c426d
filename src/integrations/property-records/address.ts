/**
 * Street addresses as keys. A stored address and a typed query go through the same parser, so "200
 * East Market Street", "200 e. market st" and "200 E  MARKET ST, Cedarport, IN 46204" all become
 * house number 200, direction E, street "MARKET ST". Abbreviations follow the USPS (Publication 28)
 * for the suffixes and directions the city uses.
 */

export interface AddressKey {
  houseNumber: number | null;
  /** N, S, E, W, NE, NW, SE, SW, or "" when there is none. */
  direction: string;
  /** Street name words and the abbreviated suffix, upper case: "MARKET ST", "FOX RUN CT", "38TH ST". */
  street: string;
  /** Unit number without its designator ("14" for "Lot 14"), or "" when there is none. */
  unit: string;
}

const DIRECTIONS: Record<string, string> = {
  N: "N",
  NORTH: "N",
  S: "S",
  SOUTH: "S",
  E: "E",
  EAST: "E",
  W: "W",
  WEST: "W",
  NE: "NE",
  NORTHEAST: "NE",
  NW: "NW",
  NORTHWEST: "NW",
  SE: "SE",
  SOUTHEAST: "SE",
  SW: "SW",
  SOUTHWEST: "SW",
};

const SUFFIX_SPELLINGS: Record<string, readonly string[]> = {
  ST: ["STREET", "STR", "STRT", "ST"],
  AVE: ["AVENUE", "AVENU", "AVEN", "AVNUE", "AVN", "AV", "AVE"],
  DR: ["DRIVE", "DRIV", "DRV", "DR"],
  CT: ["COURT", "CRT", "CT"],
  LN: ["LANE", "LN"],
  RD: ["ROAD", "RD"],
  BLVD: ["BOULEVARD", "BOULV", "BOUL", "BLVD"],
  PL: ["PLACE", "PL"],
  WAY: ["WAY", "WY"],
  CIR: ["CIRCLE", "CIRCL", "CIRC", "CRCLE", "CRCL", "CIR"],
  TRL: ["TRAIL", "TRAILS", "TRLS", "TRL"],
  PKWY: ["PARKWAY", "PARKWY", "PKWAY", "PKY", "PKWY"],
  TER: ["TERRACE", "TERR", "TER"],
  HWY: ["HIGHWAY", "HIGHWY", "HIWAY", "HIWY", "HWAY", "HWY"],
  PIKE: ["PIKE", "PIKES"],
  XING: ["CROSSING", "CRSSNG", "XING"],
  CV: ["COVE", "CV"],
  PT: ["POINT", "PT"],
  SQ: ["SQUARE", "SQR", "SQ"],
  LOOP: ["LOOP", "LOOPS"],
  RUN: ["RUN"],
};

const SUFFIXES = new Map(
  Object.entries(SUFFIX_SPELLINGS).flatMap(([abbreviation, spellings]) =>
    spellings.map((spelling) => [spelling, abbreviation] as const),
  ),
);

const UNIT_DESIGNATORS = new Set([
  "LOT",
  "APT",
  "APARTMENT",
  "UNIT",
  "#",
  "STE",
  "SUITE",
  "TRLR",
  "SPC",
  "SPACE",
]);
const STATES = new Set(["IN", "INDIANA"]);
const CITY = "CEDARPORT";

/** Upper case ASCII words: accents, periods and apostrophes dropped, other punctuation a space. */
export function keyText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toUpperCase()
    .replace(/[.'\u2019]/g, "")
    .replace(/#/g, " # ")
    .replace(/[^A-Z0-9#,]+/g, " ")
    .replace(/\s*,\s*/g, ",")
    .trim();
}

const ordinal = (n: number) => {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}TH`;
  return `${n}${["TH", "ST", "ND", "RD"][n % 10] ?? "TH"}`;
};

function streetWord(word: string): string {
  // "E 38 St" is "E 38th St"; a number in a street name is always an ordinal.
  if (/^\d+$/.test(word)) return ordinal(Number(word));
  return word === "SAINT" ? "ST" : word;
}

function withoutCityStateZip(words: string[]): string[] {
  const out = [...words];
  const last = () => out[out.length - 1] ?? "";
  if (out.length > 2 && /^\d{4}$/.test(last()) && /^\d{5}$/.test(out[out.length - 2] ?? "")) out.pop();
  if (out.length > 1 && /^\d{5}$/.test(last())) out.pop();
  if (out.length > 1 && STATES.has(last())) out.pop();
  if (out.length > 1 && last() === CITY) out.pop();
  return out;
}

export interface ParseOptions {
  /**
   * Read a leading number as the house number (true, the default, for addresses). A street search
   * reads it as part of the street's name instead ("38" is 38th Street).
   */
  houseNumber?: boolean;
}

/** "APT4" is "APT 4", "UNIT#4" and "APT NO 4" are "UNIT 4": a designator glued to its number, or with "#" or "NO". */
function splitUnits(words: string[]): string[] {
  const out: string[] = [];
  for (const word of words) {
    const glued = /^([A-Z]+)(\d[A-Z0-9]*)$/.exec(word);
    if (glued?.[1] && glued[2] && UNIT_DESIGNATORS.has(glued[1])) out.push(glued[1], glued[2]);
    else if ((word === "#" || word === "NO") && UNIT_DESIGNATORS.has(out[out.length - 1] ?? "")) continue;
    else out.push(word);
  }
  return out;
}

/** The unit a designator at `at` introduces ("" when nothing follows it yet, as while typing). */
const unitAt = (words: string[], at: number) => words[at + 1] ?? "";

/** The key of an address line; null when nothing in it could be part of an address. */
export function parseAddress(text: string, options: ParseOptions = {}): AddressKey | null {
  const parts = keyText(text)
    .split(",")
    .filter((part) => part.trim() !== "");
  // A unit alone before the street's line ("Unit 4, 6100 W Washington St") goes after it.
  if (
    parts.length > 1 &&
    /^\S+ \S+$/.test(parts[0] ?? "") &&
    UNIT_DESIGNATORS.has(parts[0]?.split(" ")[0] ?? "")
  )
    parts.push(parts.shift() ?? "");
  const [line1 = "", ...others] = parts;
  let words = withoutCityStateZip(splitUnits(line1.split(" ").filter(Boolean)));

  let unit = "";
  // A unit written first, as some people do: "Apt 4 6100 W Washington St".
  if (UNIT_DESIGNATORS.has(words[0] ?? "") && /^\d{1,6}$/.test(words[2] ?? "")) {
    unit = unitAt(words, 0);
    words = words.slice(2);
  }
  const designator = words.findIndex((word, i) => i > 0 && UNIT_DESIGNATORS.has(word));
  if (designator > 0) {
    unit = unitAt(words, designator);
    words = words.slice(0, designator);
  }
  // …or after a comma: "6100 W Washington St, Apt 4, Cedarport".
  for (const part of others) {
    const partWords = splitUnits(part.split(" ").filter(Boolean));
    if (!unit && UNIT_DESIGNATORS.has(partWords[0] ?? "")) unit = unitAt(partWords, 0);
  }

  let houseNumber: number | null = null;
  if (options.houseNumber !== false && /^\d{1,6}$/.test(words[0] ?? "")) {
    houseNumber = Number(words[0]);
    words = words.slice(1);
  }

  let direction = "";
  const first = DIRECTIONS[words[0] ?? ""];
  const rest = words.slice(1);
  // "North St" is a street named North; "N" alone after a house number is a direction still being typed.
  const restIsAStreet = rest.length > 1 || (rest.length === 1 && !SUFFIXES.has(rest[0] ?? ""));
  if (first && (restIsAStreet || (rest.length === 0 && houseNumber !== null))) {
    direction = first;
    words = rest;
  } else if (words.length >= 3) {
    // A trailing direction after the suffix, as county records write it: "MARKET ST E".
    const trailing = DIRECTIONS[words[words.length - 1] ?? ""];
    if (trailing && SUFFIXES.has(words[words.length - 2] ?? "")) {
      direction = trailing;
      words = words.slice(0, -1);
    }
  }

  const street = words.map((word, i) => {
    const suffix = i === words.length - 1 && i > 0 ? SUFFIXES.get(word) : undefined;
    return suffix ?? streetWord(word);
  });
  if (houseNumber === null && direction === "" && street.length === 0) return null;
  return { houseNumber, direction, street: street.join(" "), unit };
}

/**
 * The street prefixes a typed street stands for. A suffix still being typed ("MARKET STRE",
 * "CEDAR AVEN") starts no stored key, which has the abbreviation ("MARKET ST"), so the
 * abbreviations whose full spelling it begins are added; the words as typed stay, in case they
 * begin a longer name ("SUGAR CREEK PAR" may be "SUGAR CREEK PARK RD").
 */
export function streetPrefixes(street: string): string[] {
  const words = street.split(" ").filter(Boolean);
  const last = words[words.length - 1] ?? "";
  if (words.length < 2 || last.length < 2 || SUFFIXES.has(last) || !/^[A-Z]+$/.test(last)) return [street];
  const head = words.slice(0, -1).join(" ");
  const abbreviations = new Set<string>();
  for (const [spelling, abbreviation] of SUFFIXES) {
    // An abbreviation that itself starts with the typed letters is covered by the prefix as typed.
    if (spelling.startsWith(last) && !abbreviation.startsWith(last)) abbreviations.add(abbreviation);
  }
  return [street, ...[...abbreviations].sort().map((abbreviation) => `${head} ${abbreviation}`)];
}

/** The whole key as one string, e.g. "200 E MARKET ST" or "6100 W WASHINGTON ST 14". */
export function addressKeyText(key: AddressKey): string {
  return [key.houseNumber ?? "", key.direction, key.street, key.unit].filter((part) => part !== "").join(" ");
}

/** The most digits a house number has: parseAddress reads up to six. */
const HOUSE_NUMBER_DIGITS = 6;

/**
 * The house numbers whose digits start with `houseNumber`'s, as inclusive ranges: 141 is 141,
 * 1410-1419, 14100-14199 and 141000-141999. For a house number still being typed ("141 Ma" may be
 * 1418 Main St); each range is one step of a B-tree index on the number.
 */
export function houseNumberPrefixRanges(houseNumber: number): Array<[number, number]> {
  const ranges: Array<[number, number]> = [[houseNumber, houseNumber]];
  // No house number starts with a 0 but 0 itself.
  if (!Number.isSafeInteger(houseNumber) || houseNumber <= 0) return ranges;
  for (let more = 1; String(houseNumber).length + more <= HOUSE_NUMBER_DIGITS; more++) {
    const low = houseNumber * 10 ** more;
    ranges.push([low, low + 10 ** more - 1]);
  }
  return ranges;
}

/**
 * Bounds for "starts with `prefix`" as a range (`>= low AND < high`), which a plain B-tree index
 * answers in both dialects when the column compares bytes (SQLite's BINARY, PostgreSQL's "C").
 * Keys hold only A-Z, 0-9 and spaces, all below "~".
 */
export function prefixRange(prefix: string): [string, string] {
  return [prefix, `${prefix}~`];
}
