// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { SortableHeaderRow } from "./SortableHeaderRow";

afterEach(cleanup);

const links = { number: "/bids?sort=number", title: "/bids?sort=title" };

function header(sorted: "number" | "title" | undefined, direction: "asc" | "desc") {
  const { container } = render(
    <table>
      <thead>
        <SortableHeaderRow
          columns={["number", "title"] as const}
          sorted={sorted}
          direction={direction}
          links={links}
          label={(c) => (c === "number" ? "Bid Number" : "Title")}
          linkClassName="cp-sort"
        />
      </thead>
    </table>,
  );
  return [...container.querySelectorAll("th")];
}

describe("SortableHeaderRow", () => {
  it("links every column to its sort, and marks only the sorted one for screen readers", () => {
    const [number, title] = header("title", "desc");
    expect(number?.getAttribute("aria-sort")).toBeNull();
    expect(title?.getAttribute("aria-sort")).toBe("descending");
    expect(number?.querySelector("a.cp-sort")?.getAttribute("href")).toBe("/bids?sort=number");
    expect(title?.textContent).toBe("Title ▼");
    expect(number?.textContent).toBe("Bid Number ⇅");
  });

  it("says ascending, and marks nothing when the rows have no sort", () => {
    expect(header("number", "asc")[0]?.getAttribute("aria-sort")).toBe("ascending");
    expect(header(undefined, "asc").map((th) => th.getAttribute("aria-sort"))).toEqual([null, null]);
  });
});
