// @vitest-environment jsdom
import { cleanup } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { axeViolations, renderIn } from "../test-support";
import { TextBlock } from "./TextBlock";
import { textBlockExamples } from "./TextBlock.examples";

afterEach(cleanup);

describe.each(textBlockExamples)("TextBlock example: $name", ({ locale, props, expected }) => {
  it("has no axe violations", async () => {
    const { container } = renderIn(locale, <TextBlock {...props} />);
    expect(await axeViolations(container)).toEqual([]);
  });

  it("shows the text with its placeholders filled", () => {
    const { container } = renderIn(locale, <TextBlock {...props} />);
    expect(container.textContent?.replace(/\s+/g, " ").trim()).toBe(expected);
  });
});

describe("TextBlock", () => {
  it("renders placeholders without a value, or without an entry, as empty", () => {
    const { container } = renderIn(
      "en",
      <TextBlock text="A{gone}B{unknown}C" replace={{ gone: { type: "bound_data", location: "x.y" } }} />,
    );
    expect(container.textContent).toBe("ABC");
  });

  it("does not read filled-in values as Markdown unless asked", () => {
    const props = {
      text: "Owner: {owner}",
      replace: { owner: { type: "bound_data", location: "owner" } } as const,
      context: { boundData: { owner: "**Bold** [link](https://example.com)" } },
    };
    const plain = renderIn("en", <TextBlock {...props} />).container;
    expect(plain.querySelector("strong, a")).toBeNull();
    cleanup();
    const rich = renderIn("en", <TextBlock {...props} markdown />).container;
    expect(rich.querySelector("strong")?.textContent).toBe("Bold");
  });

  it("uses today's date in the page's language when no date is given", () => {
    const { container } = renderIn(
      "es",
      <TextBlock text="{d}" replace={{ d: { type: "func", name: "date" } }} />,
    );
    expect(container.textContent).toMatch(/^\d{1,2} de [a-z]+ de \d{4}$/);
  });

  it("renders nothing when the filled text is empty", () => {
    const { container } = renderIn("en", <TextBlock text="{nothing}" />);
    expect(container.innerHTML).toBe("");
  });
});
