// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import axe from "axe-core";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { createI18n } from "../../i18n";
import { StatusBadge, showsStatusBadge } from "./StatusBadge";
import { type StatusBadgeExample, statusBadgeExamples } from "./StatusBadge.examples";

afterEach(cleanup);

function renderExample({ locale, props }: StatusBadgeExample) {
  return render(
    <I18nextProvider i18n={createI18n(locale)}>
      <StatusBadge {...props} />
    </I18nextProvider>,
  );
}

async function violations(container: HTMLElement) {
  const result = await axe.run(container, {
    runOnly: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"],
    rules: { region: { enabled: false }, "color-contrast": { enabled: false } },
  });
  return result.violations;
}

describe.each(Object.entries(statusBadgeExamples))(
  "StatusBadge example %s",
  (_name, example: StatusBadgeExample) => {
    it("renders without accessibility violations", async () => {
      const { container } = renderExample(example);
      expect(await violations(container)).toEqual([]);
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
