// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { HintHtml, ScreenForm } from "../../../forms/theme/index";
import { axeViolations } from "../test-support";
import { WorkflowText } from "./WorkflowText";
import { compileWorkflowText } from "./workflow-markdown.server";

afterEach(cleanup);

const LINK = "[Apply for the homestead deduction](/workflow/homestead-deduction-application)";

describe("WorkflowText", () => {
  it("shows one paragraph as a paragraph of its own, with its link", async () => {
    const html = compileWorkflowText(`If you live there, ${LINK}.`, "es", "block");
    const { container } = render(
      <main>
        <WorkflowText html={html} className="usa-alert__text" />
      </main>,
    );
    const paragraph = container.querySelector("main > p.usa-alert__text");
    expect(paragraph?.textContent).toBe("If you live there, Apply for the homestead deduction.");
    expect(paragraph?.querySelector("a")?.getAttribute("href")).toBe(
      "/workflow/homestead-deduction-application?lang=es",
    );
    expect(await axeViolations(container)).toEqual([]);
  });

  it("shows paragraphs and lists in a rich-text block", () => {
    const html = compileWorkflowText("First.\n\n- one\n- **two**", "en", "block");
    const { container } = render(<WorkflowText html={html} />);
    const block = container.querySelector("div.cp-rich-text");
    expect(block?.querySelectorAll("p")).toHaveLength(1);
    expect(block?.querySelectorAll("li")).toHaveLength(2);
    expect(block?.querySelector("strong")?.textContent).toBe("two");
  });

  it("shows nothing for an empty text", () => {
    expect(render(<WorkflowText html="" />).container.innerHTML).toBe("");
  });
});

describe("hints with links (HintHtml around a ScreenForm)", () => {
  const hint = "As on your [tax bill](https://www.in.gov/dlgf).";
  const schema = {
    type: "object",
    properties: { parcel: { type: "string", title: "Parcel number", description: hint } },
  };

  it("shows a compiled hint as HTML, still named by the field's aria-describedby", async () => {
    const { container } = render(
      <main>
        <HintHtml.Provider value={{ [hint]: compileWorkflowText(hint, "en", "inline") }}>
          <ScreenForm schema={schema} locale="en" action="/workflow/demo" />
        </HintHtml.Provider>
      </main>,
    );
    const input = container.querySelector("#root_parcel");
    const described = container.querySelector(`#${input?.getAttribute("aria-describedby")}`);
    const link = described?.querySelector("a");
    expect(link?.getAttribute("href")).toBe("https://www.in.gov/dlgf");
    expect(link?.getAttribute("target")).toBe("_blank");
    expect(described?.textContent).toBe("As on your tax bill (opens in a new tab).");
    // The label stays plain text.
    expect(container.querySelector("label[for='root_parcel'] a")).toBeNull();
    expect(await axeViolations(container)).toEqual([]);
  });

  it("shows a hint that was not compiled as the text it is", () => {
    const { container } = render(<ScreenForm schema={schema} locale="en" action="/workflow/demo" />);
    expect(container.querySelector("#root_parcel__description")?.textContent).toBe(hint);
    expect(container.querySelector("#root_parcel__description a")).toBeNull();
  });
});
