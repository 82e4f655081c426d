import { describe, expect, it } from "vitest";
import {
  clear,
  emptyFilterSet,
  emptyOptions,
  FILTER_PARAMS,
  type FilterableItem,
  type FilterSet,
  facets,
  filterGroups,
  filterItems,
  filtersFromSearchParams,
  filtersToSearchParams,
  groupOptions,
  hasFilters,
  isCleared,
  isTagOfType,
  only,
  pageFromSearchParams,
  toFilterSet,
  toggle,
} from "./filters";

const treasurer = { id: "treasurer", title: "County Treasurer" };
const assessor = { id: "assessor", title: "Assessor" };
const pay = { id: "pay", title: "Pay", type: "verb" };
const apply = { id: "apply", title: "Apply", type: "Verb" };
const owners = { id: "property-owners", title: "Property owners", type: "user" };
const taxes = { id: "property-taxes", title: "Property taxes" };
const trash = { id: "trash", title: "Trash and recycling" };

const items: FilterableItem[] = [
  { id: "pay-taxes", agency: treasurer, type: { id: "Payment" }, tags: [pay, owners], topics: [taxes] },
  {
    id: "homestead",
    agency: assessor,
    agencies: [assessor, treasurer],
    type: "Learn",
    tags: [apply],
    topics: [taxes],
  },
  { id: "trash-pickup", agency: null, tags: [], topics: [trash], users: [{ id: "residents" }] },
  { id: "no-refs" },
];

const set = (partial: Partial<FilterSet>): FilterSet => ({ ...emptyFilterSet(), ...partial });
const idsOf = (list: { id: string }[]) => list.map((item) => item.id);

describe("filterItems", () => {
  it("returns the full list when no filter is selected", () => {
    expect(filterItems(items, emptyFilterSet())).toEqual(items);
  });

  it("returns the full list when nothing matches", () => {
    expect(filterItems(items, set({ agencies: ["nobody"] }))).toEqual(items);
  });

  it("does not return the caller's array itself", () => {
    expect(filterItems(items, emptyFilterSet())).not.toBe(items);
  });

  it("filters by agency, including every agency of an item", () => {
    expect(idsOf(filterItems(items, set({ agencies: ["treasurer"] })))).toEqual(["pay-taxes", "homestead"]);
    expect(idsOf(filterItems(items, set({ agencies: ["assessor"] })))).toEqual(["homestead"]);
  });

  it("filters by type given as an object or a string", () => {
    expect(idsOf(filterItems(items, set({ types: ["Payment"] })))).toEqual(["pay-taxes"]);
    expect(idsOf(filterItems(items, set({ types: ["Learn"] })))).toEqual(["homestead"]);
  });

  it("filters by tag, topic and user", () => {
    expect(idsOf(filterItems(items, set({ tags: ["apply"] })))).toEqual(["homestead"]);
    expect(idsOf(filterItems(items, set({ topics: ["property-taxes"] })))).toEqual([
      "pay-taxes",
      "homestead",
    ]);
    expect(idsOf(filterItems(items, set({ users: ["residents"] })))).toEqual(["trash-pickup"]);
  });

  it("includes items matching ANY selected filter, across groups", () => {
    expect(idsOf(filterItems(items, set({ agencies: ["assessor"], topics: ["trash"] })))).toEqual([
      "homestead",
      "trash-pickup",
    ]);
    expect(idsOf(filterItems(items, set({ tags: ["pay", "apply"] })))).toEqual(["pay-taxes", "homestead"]);
  });

  it("removes duplicates by id, keeping the first", () => {
    const first = { id: "x", tags: [pay] };
    const again = { id: "x", tags: [pay], topics: [taxes] };
    const result = filterItems([first, again], set({ tags: ["pay"], topics: ["property-taxes"] }));
    expect(result).toEqual([first]);
  });

  it("handles an empty list", () => {
    expect(filterItems([], set({ tags: ["pay"] }))).toEqual([]);
    expect(filterItems([], emptyFilterSet())).toEqual([]);
  });
});

describe("hasFilters", () => {
  it("is true when any list has an id", () => {
    expect(hasFilters(emptyFilterSet())).toBe(false);
    expect(hasFilters(set({ users: ["u"] }))).toBe(true);
  });
});

describe("facets", () => {
  const result = facets(items);

  it("derives agencies from every item, de-duplicated and sorted by title", () => {
    expect(result.agencies).toEqual([
      { id: "assessor", title: "Assessor" },
      { id: "treasurer", title: "County Treasurer" },
    ]);
  });

  it("derives tags with their type, sorted by title", () => {
    expect(result.tags).toEqual([
      { id: "apply", title: "Apply", type: "Verb" },
      { id: "pay", title: "Pay", type: "verb" },
      { id: "property-owners", title: "Property owners", type: "user" },
    ]);
  });

  it("marks topics with type topic", () => {
    expect(result.topics).toEqual([
      { id: "property-taxes", title: "Property taxes", type: "topic" },
      { id: "trash", title: "Trash and recycling", type: "topic" },
    ]);
  });

  it("starts types and users empty", () => {
    expect(result.types).toEqual([]);
    expect(result.users).toEqual([]);
  });

  it("sorts case-insensitively and falls back to the id when there is no title", () => {
    const sorted = facets([
      { id: "1", tags: [{ id: "zeta" }, { id: "b", title: "beta" }, { id: "a", title: "Alpha" }] },
    ]);
    expect(idsOf(sorted.tags)).toEqual(["a", "b", "zeta"]);
  });

  it("is empty for no items", () => {
    expect(facets([])).toEqual({ agencies: [], types: [], users: [], tags: [], topics: [] });
  });
});

describe("groupOptions", () => {
  it("splits tags by type (case-insensitively) and shows topics as the topic group", () => {
    const groups = groupOptions(facets(items));
    expect(idsOf(groups["tags-verb"])).toEqual(["apply", "pay"]);
    expect(idsOf(groups["tags-user"])).toEqual(["property-owners"]);
    expect(idsOf(groups["tags-topic"])).toEqual(["property-taxes", "trash"]);
    expect(idsOf(groups.agencies)).toEqual(["assessor", "treasurer"]);
    expect(groups.types).toEqual([]);
    expect(groups.users).toEqual([]);
  });

  it("adds topic-typed tags to the topic group once", () => {
    const groups = groupOptions(
      facets([
        {
          id: "1",
          tags: [
            { id: "taxes", title: "Taxes", type: "TOPIC" },
            { id: "parks", title: "Parks", type: "topic" },
          ],
          topics: [{ id: "taxes", title: "Taxes" }],
        },
      ]),
    );
    expect(idsOf(groups["tags-topic"])).toEqual(["parks", "taxes"]);
  });
});

describe("isTagOfType", () => {
  it("compares case-insensitively", () => {
    expect(isTagOfType({ type: "VERB" }, "verb")).toBe(true);
    expect(isTagOfType({ type: "user" }, "verb")).toBe(false);
    expect(isTagOfType({}, "verb")).toBe(false);
  });
});

describe("panel state", () => {
  it("starts cleared with every group", () => {
    const state = clear();
    expect(Object.keys(state).sort()).toEqual([...filterGroups].sort());
    expect(isCleared(state)).toBe(true);
  });

  it("toggle on adds once, off removes", () => {
    let state = toggle(clear(), "agencies", "treasurer", true);
    state = toggle(state, "agencies", "assessor", true);
    state = toggle(state, "agencies", "treasurer", true);
    expect(state.agencies).toEqual(["treasurer", "assessor"]);
    state = toggle(state, "agencies", "treasurer", false);
    expect(state.agencies).toEqual(["assessor"]);
    expect(isCleared(state)).toBe(false);
  });

  it("toggle does not mutate the previous state", () => {
    const before = clear();
    const after = toggle(before, "tags-verb", "pay", true);
    expect(before["tags-verb"]).toEqual([]);
    expect(after["tags-verb"]).toEqual(["pay"]);
  });

  it("toggle off of an absent option and on of a present one leave the state as it was", () => {
    const state = toggle(clear(), "tags-user", "owners", true);
    expect(toggle(state, "tags-user", "owners", true)).toBe(state);
    expect(toggle(state, "tags-user", "nobody", false)["tags-user"]).toEqual(["owners"]);
  });

  it("only clears every group and selects just that option, flagged exclusive", () => {
    let state = toggle(clear(), "agencies", "treasurer", true);
    state = toggle(state, "tags-verb", "pay", true);
    state = toggle(state, "tags-topic", "taxes", true);
    const result = only(state, "tags-verb", "apply");
    expect(result.exclusive).toBe(true);
    expect(result.state).toEqual({ ...clear(), "tags-verb": ["apply"] });
  });

  it("emptyOptions resets a group to one id or to nothing, leaving the others", () => {
    let state = toggle(clear(), "agencies", "a", true);
    state = toggle(state, "agencies", "b", true);
    state = toggle(state, "tags-verb", "pay", true);
    expect(emptyOptions(state, "agencies", "c")).toEqual({ ...state, agencies: ["c"] });
    expect(emptyOptions(state, "agencies")).toEqual({ ...state, agencies: [] });
    expect(emptyOptions(state, "agencies", "")).toEqual({ ...state, agencies: [] });
  });

  it("toFilterSet merges verb and user tags into one list and keeps topics apart", () => {
    let state = clear();
    state = toggle(state, "tags-verb", "pay", true);
    state = toggle(state, "tags-user", "owners", true);
    state = toggle(state, "tags-topic", "taxes", true);
    state = toggle(state, "agencies", "treasurer", true);
    state = toggle(state, "types", "Payment", true);
    state = toggle(state, "users", "residents", true);
    expect(toFilterSet(state)).toEqual({
      agencies: ["treasurer"],
      types: ["Payment"],
      users: ["residents"],
      tags: ["pay", "owners"],
      topics: ["taxes"],
    });
  });

  it("toFilterSet lists a tag selected in two groups once", () => {
    let state = toggle(clear(), "tags-verb", "x", true);
    state = toggle(state, "tags-user", "x", true);
    expect(toFilterSet(state).tags).toEqual(["x"]);
  });

  it("a cleared state filters nothing out", () => {
    expect(filterItems(items, toFilterSet(clear()))).toEqual(items);
  });
});

describe("search parameters", () => {
  it("names the parameters agency, type, verb, user and topic", () => {
    expect(FILTER_PARAMS).toEqual({
      agencies: "agency",
      types: "type",
      "tags-verb": "verb",
      "tags-user": "user",
      "tags-topic": "topic",
    });
  });

  it("reads repeated parameters into the state, dropping blanks and repeats", () => {
    const params = new URLSearchParams(
      "agency=treasurer&agency=assessor&verb=pay&user=owners&topic=taxes&type=Payment&agency=treasurer&verb=&verb=%20",
    );
    expect(filtersFromSearchParams(params)).toEqual({
      ...clear(),
      agencies: ["treasurer", "assessor"],
      types: ["Payment"],
      "tags-verb": ["pay"],
      "tags-user": ["owners"],
      "tags-topic": ["taxes"],
    });
  });

  it("reads no parameters as a cleared state and ignores unknown ones", () => {
    expect(filtersFromSearchParams(new URLSearchParams("term=tax&page=2"))).toEqual(clear());
  });

  it("writes one parameter per selected option", () => {
    let state = toggle(clear(), "agencies", "treasurer", true);
    state = toggle(state, "agencies", "assessor", true);
    state = toggle(state, "tags-verb", "pay", true);
    state = toggle(state, "tags-topic", "property taxes", true);
    expect(filtersToSearchParams(state).toString()).toBe(
      "agency=treasurer&agency=assessor&verb=pay&topic=property+taxes",
    );
  });

  it("writes the page only past the first", () => {
    const state = toggle(clear(), "types", "Learn", true);
    expect(filtersToSearchParams(state, 1).toString()).toBe("type=Learn");
    expect(filtersToSearchParams(state, 3).toString()).toBe("type=Learn&page=3");
    expect(filtersToSearchParams(clear(), 0).toString()).toBe("");
    expect(filtersToSearchParams(clear(), 2.5).toString()).toBe("");
  });

  it("round-trips", () => {
    let state = toggle(clear(), "tags-user", "owners", true);
    state = toggle(state, "agencies", "treasurer", true);
    expect(filtersFromSearchParams(filtersToSearchParams(state))).toEqual(state);
  });

  it("reads the page as a positive whole number, else 1", () => {
    expect(pageFromSearchParams(new URLSearchParams("page=3"))).toBe(3);
    expect(pageFromSearchParams(new URLSearchParams(""))).toBe(1);
    expect(pageFromSearchParams(new URLSearchParams("page=0"))).toBe(1);
    expect(pageFromSearchParams(new URLSearchParams("page=-2"))).toBe(1);
    expect(pageFromSearchParams(new URLSearchParams("page=2.5"))).toBe(1);
    expect(pageFromSearchParams(new URLSearchParams("page=abc"))).toBe(1);
    expect(pageFromSearchParams(new URLSearchParams("page=99999999999999999999"))).toBe(1);
  });
});
