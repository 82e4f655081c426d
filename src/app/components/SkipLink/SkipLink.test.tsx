// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import axe from "axe-core";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { createI18n } from "../../i18n";
import { MAIN_CONTENT_ID, SkipLink } from "./SkipLink";
import { type SkipLinkExample, skipLinkExamples } from "./SkipLink.examples";

afterEach(cleanup);

function renderExample({ locale, props }: SkipLinkExample) {
  const target = props.targetId ?? MAIN_CONTENT_ID;
  return render(
    <I18nextProvider i18n={createI18n(locale)}>
      <SkipLink {...props} />
      <main id={target} tabIndex={-1}>
        <h1>Page</h1>
      </main>
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

describe.each(Object.entries(skipLinkExamples))("SkipLink example %s", (_name, example: SkipLinkExample) => {
  it("renders without accessibility violations", async () => {
    const { container } = renderExample(example);
    expect(await violations(container)).toEqual([]);
  });
});

describe("SkipLink", () => {
  it("points at the main content", () => {
    renderExample(skipLinkExamples.english);
    expect(screen.getByRole("link", { name: "Skip to main content" }).getAttribute("href")).toBe(
      "#main-content",
    );
  });

  it("speaks Spanish", () => {
    renderExample(skipLinkExamples.spanish);
    expect(screen.getByRole("link", { name: "Saltar al contenido principal" })).toBeTruthy();
  });

  it("can target another element", () => {
    renderExample(skipLinkExamples.kitchenSink);
    expect(screen.getByRole("link").getAttribute("href")).toBe("#page-content");
  });
});
