// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { axeViolations, renderIn } from "../test-support";
import { TopicCard } from "./TopicCard";
import { type TopicCardExample, topicCardExamples } from "./TopicCard.examples";

afterEach(cleanup);

function renderExample({ locale, props }: TopicCardExample) {
  return renderIn(locale, <TopicCard {...props} />, { router: true });
}

describe.each(Object.entries(topicCardExamples))(
  "TopicCard example %s",
  (_name, example: TopicCardExample) => {
    it("renders without accessibility violations", async () => {
      const { container } = renderExample(example);
      expect(await axeViolations(container)).toEqual([]);
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
