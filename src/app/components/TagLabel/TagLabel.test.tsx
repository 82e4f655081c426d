// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import axe from "axe-core";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { createI18n } from "../../i18n";
import { TagLabel } from "./TagLabel";
import { type TagLabelExample, tagLabelExamples } from "./TagLabel.examples";

afterEach(cleanup);

function renderExample({ locale, props }: TagLabelExample) {
  return render(
    <I18nextProvider i18n={createI18n(locale)}>
      <TagLabel {...props} />
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

describe.each(Object.entries(tagLabelExamples))("TagLabel example %s", (_name, example: TagLabelExample) => {
  it("renders without accessibility violations", async () => {
    const { container } = renderExample(example);
    expect(await violations(container)).toEqual([]);
  });

  it("shows the tag title", () => {
    renderExample(example);
    expect(screen.getByText(example.props.title).className).toContain("usa-tag");
  });
});
