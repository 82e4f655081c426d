// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { axeViolations, renderIn } from "../test-support";
import { MAIN_CONTENT_ID, SkipLink } from "./SkipLink";
import { type SkipLinkExample, skipLinkExamples } from "./SkipLink.examples";

afterEach(cleanup);

function renderExample({ locale, props }: SkipLinkExample) {
  const target = props.targetId ?? MAIN_CONTENT_ID;
  return renderIn(
    locale,
    <>
      <SkipLink {...props} />
      <main id={target} tabIndex={-1}>
        <h1>Page</h1>
      </main>
    </>,
  );
}

describe.each(Object.entries(skipLinkExamples))("SkipLink example %s", (_name, example: SkipLinkExample) => {
  it("renders without accessibility violations", async () => {
    const { container } = renderExample(example);
    expect(await axeViolations(container)).toEqual([]);
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
