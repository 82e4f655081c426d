import { describe, expect, it } from "vitest";
import {
  ALL_ON_ONE_PAGE,
  changePage,
  isPageInRange,
  LIST_PAGE_SIZE,
  MAX_PAGE_SLOTS,
  type PageLink,
  pageCountOf,
  pageNumbers,
  paginate,
} from "./paging";

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe("constants", () => {
  it("shows 12 activities per page and everything on one page for search lists", () => {
    expect(LIST_PAGE_SIZE).toBe(12);
    expect(ALL_ON_ONE_PAGE).toBe(1_000_000);
  });
});

describe("paginate", () => {
  it("starts at page 1", () => {
    expect(paginate(range(30), 1, 12)).toEqual({ items: range(12), page: 1, pageCount: 3, total: 30 });
  });

  it("returns a middle page and a partial last page", () => {
    expect(paginate(range(30), 2, 12).items).toEqual(range(24).slice(12));
    expect(paginate(range(30), 3, 12)).toEqual({
      items: [25, 26, 27, 28, 29, 30],
      page: 3,
      pageCount: 3,
      total: 30,
    });
  });

  it("fills exactly when the total is a multiple of the page size", () => {
    expect(paginate(range(24), 2, 12)).toMatchObject({ pageCount: 2, page: 2 });
    expect(paginate(range(24), 2, 12).items).toHaveLength(12);
  });

  it("ignores a page outside the range and shows the first", () => {
    for (const page of [0, -1, 4, 100, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(paginate(range(30), page, 12)).toMatchObject({ page: 1, items: range(12) });
    }
  });

  it("gives an empty list one empty page", () => {
    expect(paginate([], 1, 12)).toEqual({ items: [], page: 1, pageCount: 1, total: 0 });
    expect(paginate([], 2, 12)).toEqual({ items: [], page: 1, pageCount: 1, total: 0 });
  });

  it("puts everything on one page with ALL_ON_ONE_PAGE", () => {
    expect(paginate(range(500), 1, ALL_ON_ONE_PAGE)).toMatchObject({ pageCount: 1, total: 500 });
    expect(paginate(range(500), 1, ALL_ON_ONE_PAGE).items).toHaveLength(500);
  });

  it("shows the whole list for a nonsensical page size", () => {
    expect(paginate(range(5), 1, 0)).toMatchObject({ pageCount: 1, items: range(5) });
    expect(paginate(range(5), 1, -3)).toMatchObject({ pageCount: 1 });
    expect(paginate(range(5), 1, 2.5)).toMatchObject({ pageCount: 1 });
  });

  it("does not modify the list", () => {
    const list = range(3);
    paginate(list, 2, 1);
    expect(list).toEqual([1, 2, 3]);
  });
});

describe("pageCountOf / isPageInRange / changePage", () => {
  it("counts pages, at least one", () => {
    expect(pageCountOf(0, 12)).toBe(1);
    expect(pageCountOf(12, 12)).toBe(1);
    expect(pageCountOf(13, 12)).toBe(2);
  });

  it("checks the range", () => {
    expect(isPageInRange(1, 1)).toBe(true);
    expect(isPageInRange(3, 3)).toBe(true);
    expect(isPageInRange(4, 3)).toBe(false);
    expect(isPageInRange(0, 3)).toBe(false);
    expect(isPageInRange(2.5, 3)).toBe(false);
  });

  it("moves to a page in range and ignores one outside it, keeping the current page", () => {
    expect(changePage(2, 3, 5)).toBe(3);
    expect(changePage(2, 6, 5)).toBe(2);
    expect(changePage(2, 0, 5)).toBe(2);
    expect(changePage(9, 7, 5)).toBe(1);
  });
});

const summary = (links: PageLink[]) =>
  links
    .map((link) => (link.kind === "gap" ? "…" : link.current ? `[${link.page}]` : String(link.page)))
    .join(" ");

describe("pageNumbers", () => {
  it("shows a single page without Previous or Next", () => {
    expect(pageNumbers(1, 1)).toEqual({
      previous: null,
      links: [{ kind: "page", page: 1, current: true }],
      next: null,
    });
  });

  it("shows every page up to seven", () => {
    expect(summary(pageNumbers(1, 3).links)).toBe("[1] 2 3");
    expect(summary(pageNumbers(4, MAX_PAGE_SLOTS).links)).toBe("1 2 3 [4] 5 6 7");
  });

  it("has Previous except on the first page and Next except on the last", () => {
    expect(pageNumbers(1, 3)).toMatchObject({ previous: null, next: 2 });
    expect(pageNumbers(2, 3)).toMatchObject({ previous: 1, next: 3 });
    expect(pageNumbers(3, 3)).toMatchObject({ previous: 2, next: null });
  });

  it("collapses many pages with gaps, always in seven slots", () => {
    expect(summary(pageNumbers(1, 20).links)).toBe("[1] 2 3 4 5 … 20");
    expect(summary(pageNumbers(4, 20).links)).toBe("1 2 3 [4] 5 … 20");
    expect(summary(pageNumbers(5, 20).links)).toBe("1 … 4 [5] 6 … 20");
    expect(summary(pageNumbers(10, 20).links)).toBe("1 … 9 [10] 11 … 20");
    expect(summary(pageNumbers(16, 20).links)).toBe("1 … 15 [16] 17 … 20");
    expect(summary(pageNumbers(17, 20).links)).toBe("1 … 16 [17] 18 19 20");
    expect(summary(pageNumbers(20, 20).links)).toBe("1 … 16 17 18 19 [20]");
    expect(summary(pageNumbers(5, 8).links)).toBe("1 … 4 [5] 6 7 8");
    for (let page = 1; page <= 20; page++) expect(pageNumbers(page, 20).links).toHaveLength(MAX_PAGE_SLOTS);
  });

  it("gives the gaps distinct keys", () => {
    const gaps = pageNumbers(10, 20).links.filter((link) => link.kind === "gap");
    expect(gaps).toEqual([
      { kind: "gap", key: "gap-start" },
      { kind: "gap", key: "gap-end" },
    ]);
  });

  it("treats an out-of-range page as the first and a bad page count as one page", () => {
    expect(summary(pageNumbers(9, 3).links)).toBe("[1] 2 3");
    expect(pageNumbers(1, 0)).toMatchObject({ previous: null, next: null, links: [{ page: 1 }] });
    expect(pageNumbers(1, Number.NaN).links).toHaveLength(1);
  });
});
