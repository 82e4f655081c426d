// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import axe from "axe-core";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { createI18n } from "../../i18n";
import { TopicCard } from "./TopicCard";
import { type TopicCardExample, topicCardExamples } from "./TopicCard.examples";

afterEach(cleanup);

function renderExample({ locale, props }: TopicCardExample) {
  return render(
    <I18nextProvider i18n={createI18n(locale)}>
      <MemoryRouter>
        <TopicCard {...props} />
      </MemoryRouter>
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

describe.each(Object.entries(topicCardExamples))(
  "TopicCard example %s",
  (_name, example: TopicCardExample) => {
    it("renders without accessibility violations", async () => {
      const { container } = renderExample(example);
      expect(await violations(container)).toEqual([]);
    });

    it("is one heading link to the topic", () => {
      renderExample(example);
      const link = screen.getByRole("link", { name: example.props.topic.title });
      expect(link.getAttribute("href")).toBe(example.props.href);
      expect(link.closest(`h${example.props.headingLevel ?? 3}`)).not.toBeNull();
    });
  },
);

describe("TopicCard", () => {
  it("has a decorative image when there is one, and the summary when given", () => {
    const { container } = renderExample(topicCardExamples.english);
    expect(container.querySelector("img")?.getAttribute("alt")).toBe("");
    cleanup();
    const sink = renderExample(topicCardExamples.kitchenSink);
    expect(sink.container.querySelector("img")).toBeNull();
    expect(screen.getByText(/Potholes, streetlights/)).toBeTruthy();
  });
});
