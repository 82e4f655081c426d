// @vitest-environment jsdom
import { cleanup } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { axeViolations, renderIn } from "../test-support";
import { StatusBadge, showsStatusBadge } from "./StatusBadge";
import { type StatusBadgeExample, statusBadgeExamples } from "./StatusBadge.examples";

afterEach(cleanup);

function renderExample({ locale, props }: StatusBadgeExample) {
  return renderIn(locale, <StatusBadge {...props} />);
}

describe.each(Object.entries(statusBadgeExamples))(
  "StatusBadge example %s",
  (_name, example: StatusBadgeExample) => {
    it("renders without accessibility violations", async () => {
      const { container } = renderExample(example);
      expect(await axeViolations(container)).toEqual([]);
    });

    it("shows the status text, announced as a status", () => {
      const { container } = renderExample(example);
      const badge = container.querySelector(".cp-status-badge");
      expect(badge?.textContent).toMatch(new RegExp(`^(Status|Estado): ${example.text}$`));
    });
  },
);

describe("showsStatusBadge", () => {
  it("is false for published, in any case, and for no status", () => {
    expect(showsStatusBadge("published")).toBe(false);
    expect(showsStatusBadge(" Published ")).toBe(false);
    expect(showsStatusBadge("")).toBe(false);
    expect(showsStatusBadge(undefined)).toBe(false);
  });

  it("is true for any other status", () => {
    expect(showsStatusBadge("draft")).toBe(true);
    expect(showsStatusBadge("archived")).toBe(true);
  });
});
