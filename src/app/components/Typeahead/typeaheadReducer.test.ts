import { describe, expect, it } from "vitest";
import { itemLabel } from "./itemLabel";
import {
  initialTypeaheadState,
  isAbortError,
  statusTextOf,
  type TypeaheadState,
  typeaheadReducer,
} from "./typeaheadReducer";

type Item = { title: string };
const items: Item[] = [{ title: "a" }, { title: "b" }, { title: "c" }];
const idle = initialTypeaheadState<Item>();
const open: TypeaheadState<Item> = typeaheadReducer(idle, {
  type: "received",
  term: "abc",
  results: items,
  limit: 6,
});

describe("typeaheadReducer", () => {
  it("starts idle, with nothing shown and no error", () => {
    expect(idle).toEqual({
      status: "idle",
      term: "",
      results: [],
      activeIndex: -1,
      error: false,
      statusText: "",
    });
  });

  it("opens when a query returns, keeping at most the limit", () => {
    const state = typeaheadReducer(idle, { type: "received", term: "abc", results: items, limit: 2 });
    expect(state).toMatchObject({ status: "open", term: "abc", results: [{ title: "a" }, { title: "b" }] });
  });

  it("opens on an empty answer too, so 'No results' can be said", () => {
    expect(typeaheadReducer(idle, { type: "received", term: "x", results: [], limit: 6 }).status).toBe(
      "open",
    );
  });

  it("closes, forgetting the highlighted option", () => {
    const moved = typeaheadReducer(open, { type: "move", by: 1, optionCount: 3 });
    expect(typeaheadReducer(moved, { type: "close" })).toMatchObject({ status: "closed", activeIndex: -1 });
  });

  it("leaves an idle typeahead idle on close", () => {
    expect(typeaheadReducer(idle, { type: "close" })).toBe(idle);
  });

  it("moves down and up, wrapping at both ends", () => {
    const step = (state: TypeaheadState<Item>, by: 1 | -1) =>
      typeaheadReducer(state, { type: "move", by, optionCount: 4 });
    const first = step(open, 1);
    expect(first.activeIndex).toBe(0);
    expect(step(step(step(step(first, 1), 1), 1), 1).activeIndex).toBe(0);
    expect(step(open, -1).activeIndex).toBe(3);
    expect(step(first, -1).activeIndex).toBe(3);
  });

  it("counts the optional last item as an option, wrapping past it", () => {
    // Two results plus the last item: the caller passes optionCount 3.
    let state = typeaheadReducer(idle, {
      type: "received",
      term: "abc",
      results: items.slice(0, 2),
      limit: 6,
    });
    const seen = ([1, 1, 1, 1, -1, -1] as const).map((by) => {
      state = typeaheadReducer(state, { type: "move", by, optionCount: 3 });
      return state.activeIndex;
    });
    expect(seen).toEqual([0, 1, 2, 0, 2, 1]);
  });

  it("ignores the up arrow while idle as well", () => {
    expect(typeaheadReducer(idle, { type: "move", by: -1, optionCount: 3 })).toBe(idle);
  });

  it("reopens a closed menu on an arrow key", () => {
    const closed = typeaheadReducer(open, { type: "close" });
    expect(typeaheadReducer(closed, { type: "move", by: 1, optionCount: 3 })).toMatchObject({
      status: "open",
      activeIndex: 0,
    });
  });

  it("ignores arrow keys while idle, in error, or with no option", () => {
    expect(typeaheadReducer(idle, { type: "move", by: 1, optionCount: 3 })).toBe(idle);
    expect(typeaheadReducer(open, { type: "move", by: 1, optionCount: 0 })).toBe(open);
    const failed = typeaheadReducer(open, { type: "failed", statusText: "x" });
    expect(typeaheadReducer(failed, { type: "move", by: 1, optionCount: 3 })).toBe(failed);
  });

  it("on failure sets the error flag and status text and hides the results", () => {
    const failed = typeaheadReducer(open, { type: "failed", statusText: "Service Unavailable" });
    expect(failed).toMatchObject({
      status: "closed",
      results: [],
      error: true,
      statusText: "Service Unavailable",
    });
  });

  it("clears the error when dismissed or when a query succeeds", () => {
    const failed = typeaheadReducer(open, { type: "failed", statusText: "Bad Gateway" });
    expect(typeaheadReducer(failed, { type: "dismissError" })).toMatchObject({
      error: false,
      statusText: "",
    });
    expect(typeaheadReducer(failed, { type: "received", term: "x", results: items, limit: 6 })).toMatchObject(
      {
        error: false,
        statusText: "",
        status: "open",
      },
    );
  });

  it("resets to idle under the minimum length, keeping an error on screen until dismissed", () => {
    expect(typeaheadReducer(open, { type: "reset" })).toEqual(idle);
    const failed = typeaheadReducer(open, { type: "failed", statusText: "Bad Gateway" });
    expect(typeaheadReducer(failed, { type: "reset" })).toMatchObject({ status: "idle", error: true });
  });
});

describe("statusTextOf", () => {
  it.each([
    [{ statusText: "Not Found" }, "Not Found"],
    [{ response: { status: 502, statusText: "Bad Gateway" } }, "Bad Gateway"],
    [{ statusText: "  " }, ""],
    [new Error("boom"), ""],
    ["text", ""],
    [null, ""],
    [undefined, ""],
  ])("reads %j as %j", (error, expected) => {
    expect(statusTextOf(error)).toBe(expected);
  });
});

describe("isAbortError", () => {
  it("recognises an abort", () => {
    expect(isAbortError(new DOMException("aborted", "AbortError"))).toBe(true);
    expect(isAbortError(new Error("other"))).toBe(false);
    expect(isAbortError({ name: "AbortError" })).toBe(false);
  });
});

describe("itemLabel", () => {
  it.each([
    [{ title: "Title", value: "Value" }, "Title"],
    [{ value: "Value", result: "Result" }, "Value"],
    [{ result: "Result" }, "Result"],
    [{ value: 42 }, "42"],
    [{ title: "", street: "Main", zip: "46204" }, "title: , street: Main, zip: 46204"],
    [{ street: "Main", unit: null, geo: { lat: 1 } }, 'street: Main, geo: {"lat":1}'],
    [{}, ""],
  ])("labels %j as %j", (item, expected) => {
    expect(itemLabel(item)).toBe(expected);
  });
});
