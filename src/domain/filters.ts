/**
 * Activity filters (SPEC §3 Filter set, §4 Filters and Filtering rule): the filtering rule, the
 * facets offered by a list of items, the filters panel's state as a pure reducer, and the mapping
 * between that state and plain GET parameters so filtering works without JavaScript.
 */

/** What a list is filtered by: ids per kind. */
export interface FilterSet {
  agencies: string[];
  types: string[];
  tags: string[];
  topics: string[];
  users: string[];
}

export const filterGroups = ["agencies", "types", "users", "tags-topic", "tags-user", "tags-verb"] as const;
export type FilterGroup = (typeof filterGroups)[number];

/** The panel's selection: a list of option ids per group. */
export type FilterState = Record<FilterGroup, string[]>;

export type TagType = "verb" | "user" | "topic";

export interface FacetOption {
  id: string;
  title?: string;
  type?: string;
}

export interface Facets {
  agencies: FacetOption[];
  types: FacetOption[];
  users: FacetOption[];
  tags: FacetOption[];
  topics: FacetOption[];
}

interface Ref {
  id: string;
  title?: string | null;
  type?: string | null;
}

/**
 * An item that can be filtered. `agency` is the main agency; `agencies` (all of them) is honoured
 * too, because activities carry both.
 */
export interface FilterableItem {
  id: string;
  agency?: Ref | null;
  agencies?: readonly Ref[] | null;
  type?: Ref | string | null;
  tags?: readonly Ref[] | null;
  topics?: readonly Ref[] | null;
  users?: readonly Ref[] | null;
}

export function emptyFilterSet(): FilterSet {
  return { agencies: [], types: [], tags: [], topics: [], users: [] };
}

export function hasFilters(filters: FilterSet): boolean {
  return (
    filters.agencies.length +
      filters.types.length +
      filters.tags.length +
      filters.topics.length +
      filters.users.length >
    0
  );
}

function ids(refs: readonly (Ref | null | undefined)[] | null | undefined): string[] {
  return (refs ?? []).flatMap((ref) => (ref?.id ? [ref.id] : []));
}

function typeId(type: FilterableItem["type"]): string | undefined {
  return typeof type === "string" ? type : (type?.id ?? undefined);
}

function matches(item: FilterableItem, filters: FilterSet): boolean {
  const anyOf = (selected: string[], candidates: string[]) => candidates.some((id) => selected.includes(id));
  const type = typeId(item.type);
  return (
    anyOf(filters.agencies, ids([item.agency, ...(item.agencies ?? [])])) ||
    (type !== undefined && filters.types.includes(type)) ||
    anyOf(filters.tags, ids(item.tags)) ||
    anyOf(filters.topics, ids(item.topics)) ||
    anyOf(filters.users, ids(item.users))
  );
}

/**
 * Items matching ANY selected agency, type, tag, topic or user, each once (by id), in their
 * original order. With no filter selected, or when nothing matches, the full list comes back
 * unchanged: a resident never faces an empty list because of a filter.
 */
export function filterItems<T extends FilterableItem>(items: readonly T[], filters: FilterSet): T[] {
  if (!hasFilters(filters)) return [...items];
  const seen = new Set<string>();
  const matched = items.filter((item) => {
    if (seen.has(item.id) || !matches(item, filters)) return false;
    seen.add(item.id);
    return true;
  });
  return matched.length > 0 ? matched : [...items];
}

function byTitle(a: FacetOption, b: FacetOption): number {
  return (
    (a.title ?? a.id).localeCompare(b.title ?? b.id, undefined, { sensitivity: "base" }) ||
    a.id.localeCompare(b.id)
  );
}

function collect(refs: readonly Ref[], markType?: TagType): FacetOption[] {
  const options = new Map<string, FacetOption>();
  for (const ref of refs) {
    if (!ref?.id || options.has(ref.id)) continue;
    const option: FacetOption = { id: ref.id };
    if (ref.title) option.title = ref.title;
    const type = markType ?? ref.type ?? undefined;
    if (type) option.type = type;
    options.set(ref.id, option);
  }
  return [...options.values()].sort(byTitle);
}

/**
 * The options a list of items offers: its agencies, tags and topics (topics marked type 'topic'),
 * each once, sorted by title. Types and users start empty (SPEC §3).
 */
export function facets(items: readonly FilterableItem[]): Facets {
  const agencies: Ref[] = [];
  const tags: Ref[] = [];
  const topics: Ref[] = [];
  for (const item of items) {
    for (const agency of [item.agency, ...(item.agencies ?? [])]) if (agency) agencies.push(agency);
    tags.push(...(item.tags ?? []));
    topics.push(...(item.topics ?? []));
  }
  return {
    agencies: collect(agencies),
    types: [],
    users: [],
    tags: collect(tags),
    topics: collect(topics, "topic"),
  };
}

/** Tag types are compared case-insensitively (SPEC §3 Tag). */
export function isTagOfType(tag: { type?: string | null }, type: TagType): boolean {
  return tag.type?.toLowerCase() === type;
}

/** The options shown in each group of the filters panel. */
export function groupOptions(available: Facets): Record<FilterGroup, FacetOption[]> {
  return {
    agencies: available.agencies,
    types: available.types,
    users: available.users,
    "tags-verb": available.tags.filter((tag) => isTagOfType(tag, "verb")),
    "tags-user": available.tags.filter((tag) => isTagOfType(tag, "user")),
    "tags-topic": [
      ...available.topics,
      ...available.tags.filter(
        (tag) => isTagOfType(tag, "topic") && !available.topics.some((topic) => topic.id === tag.id),
      ),
    ].sort(byTitle),
  };
}

// ── The filters panel's state ────────────────────────────────────────────────────────────────

export function clear(): FilterState {
  return { agencies: [], types: [], users: [], "tags-topic": [], "tags-user": [], "tags-verb": [] };
}

/** Toggling on adds the option (once); toggling off removes it. */
export function toggle(state: FilterState, group: FilterGroup, id: string, on: boolean): FilterState {
  const current = state[group];
  const next = on
    ? current.includes(id)
      ? current
      : [...current, id]
    : current.filter((entry) => entry !== id);
  return next === current ? state : { ...state, [group]: next };
}

/** 'only': every group cleared but this option. The parent is told it was an exclusive choice. */
export function only(
  _state: FilterState,
  group: FilterGroup,
  id: string,
): { state: FilterState; exclusive: true } {
  return { state: { ...clear(), [group]: [id] }, exclusive: true };
}

/** Resets one group to the single option `id`, or to nothing. */
export function emptyOptions(state: FilterState, group: FilterGroup, id?: string): FilterState {
  return { ...state, [group]: id ? [id] : [] };
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/** The panel state as the set the list is filtered by: verb and user tags merged, topics apart. */
export function toFilterSet(state: FilterState): FilterSet {
  return {
    agencies: [...state.agencies],
    types: [...state.types],
    users: [...state.users],
    tags: unique([...state["tags-verb"], ...state["tags-user"]]),
    topics: [...state["tags-topic"]],
  };
}

export function isCleared(state: FilterState): boolean {
  return filterGroups.every((group) => state[group].length === 0);
}

// ── GET parameters ──────────────────────────────────────────────────────────────────────────

/**
 * The query parameter for each group. The 'users' group has no parameter: the panel offers no
 * users (facets start empty) and 'user' names the "Activities for..." tags.
 */
export const FILTER_PARAMS = {
  agencies: "agency",
  types: "type",
  "tags-verb": "verb",
  "tags-user": "user",
  "tags-topic": "topic",
} as const satisfies Partial<Record<FilterGroup, string>>;

export const PAGE_PARAM = "page";

type ParamGroup = keyof typeof FILTER_PARAMS;
const paramGroups = Object.keys(FILTER_PARAMS) as ParamGroup[];

/** Reads `?agency=a&agency=b&verb=pay…`; blank and repeated values are dropped. */
export function filtersFromSearchParams(params: URLSearchParams): FilterState {
  const state = clear();
  for (const group of paramGroups) {
    state[group] = unique(
      params
        .getAll(FILTER_PARAMS[group])
        .map((value) => value.trim())
        .filter(Boolean),
    );
  }
  return state;
}

/**
 * The state as GET parameters, one per selected option. `page` is written only past the first
 * page, so a link built after a filter change lands on page 1.
 */
export function filtersToSearchParams(state: FilterState, page?: number): URLSearchParams {
  const params = new URLSearchParams();
  for (const group of paramGroups) {
    for (const id of state[group]) params.append(FILTER_PARAMS[group], id);
  }
  if (page !== undefined && Number.isInteger(page) && page > 1) params.set(PAGE_PARAM, String(page));
  return params;
}

/** The requested page: a positive whole number, else 1. */
export function pageFromSearchParams(params: URLSearchParams): number {
  const raw = params.get(PAGE_PARAM)?.trim() ?? "";
  if (!/^\d+$/.test(raw)) return 1;
  const page = Number(raw);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}
