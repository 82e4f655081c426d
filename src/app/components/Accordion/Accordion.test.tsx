// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createI18n } from "../../i18n";
import { renderRichText } from "../RichText/render-rich-text.server";
import { axeViolations, renderIn } from "../test-support";
import { Accordion } from "./Accordion";
import { accordionExamples } from "./Accordion.examples";

const items = [
  { id: "a", title: "First question", description: "<p>First answer.</p>" },
  { id: "b", title: "Second question", description: "<p>Second answer.</p>" },
];

function details(title: string): HTMLDetailsElement {
  return screen.getByRole("heading", { name: title }).closest("details")!;
}

afterEach(cleanup);

describe.each(accordionExamples)("Accordion example: $name", ({ locale, props }) => {
  it("has no axe violations", async () => {
    const { container } = renderIn(locale, <Accordion {...props} />);
    expect(await axeViolations(container)).toEqual([]);
  });

  it("shows every title as a heading", () => {
    renderIn(locale, <Accordion {...props} />);
    for (const item of props.items) expect(screen.getByRole("heading", { name: item.title })).toBeTruthy();
  });
});

describe("Accordion behaviour", () => {
  it("starts closed except the items asked open", () => {
    renderIn("en", <Accordion items={items} openIds={["b"]} />);
    expect(details("First question").open).toBe(false);
    expect(details("Second question").open).toBe(true);
  });

  it("toggles open and closed and reports each change", () => {
    const onToggle = vi.fn();
    renderIn("en", <Accordion items={items} onToggle={onToggle} />);
    const first = details("First question");

    first.open = true;
    fireEvent(first, new Event("toggle"));
    expect(onToggle).toHaveBeenLastCalledWith("a", true);
    expect(first.open).toBe(true);

    first.open = false;
    fireEvent(first, new Event("toggle"));
    expect(onToggle).toHaveBeenLastCalledWith("a", false);
    expect(onToggle).toHaveBeenCalledTimes(2);
  });

  it("opens when its title is clicked", async () => {
    const onToggle = vi.fn();
    renderIn("en", <Accordion items={items} onToggle={onToggle} />);
    fireEvent.click(screen.getByText("First question"));
    expect(details("First question").open).toBe(true);
    await vi.waitFor(() => expect(onToggle).toHaveBeenCalledWith("a", true));
  });

  it("cannot be collapsed when disabled: no disclosure, content shown", () => {
    const { container } = renderIn("en", <Accordion items={items} disabled />);
    expect(container.querySelector("details, summary")).toBeNull();
    expect(screen.getByText("First answer.")).toBeTruthy();
    expect(screen.getByText("Second answer.")).toBeTruthy();
  });

  it("uses the heading level given, nested items one below, content headings (shifted by the server) inside", () => {
    renderIn(
      "en",
      <Accordion
        headingLevel={2}
        items={[
          {
            id: "p",
            title: "Parent",
            description: renderRichText("# Inside", "en", { headingOffset: 2 }),
            items: [{ id: "c", title: "Child" }],
          },
        ]}
      />,
    );
    expect(screen.getByRole("heading", { name: "Parent", level: 2 })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Inside", level: 3 })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Child", level: 3 })).toBeTruthy();
  });

  it("defaults to h3 titles", () => {
    renderIn("en", <Accordion items={items} />);
    expect(screen.getByRole("heading", { name: "First question", level: 3 })).toBeTruthy();
  });

  it("renders extra panel content after the description", () => {
    renderIn(
      "en",
      <Accordion items={[{ id: "x", title: "Filters", content: <button type="button">Clear</button> }]} />,
    );
    expect(screen.getByRole("button", { name: "Clear" })).toBeTruthy();
  });

  it("works without JavaScript: the server HTML is a native disclosure", async () => {
    const { renderToString } = await import("react-dom/server");
    const html = renderToString(
      <I18nextProvider i18n={createI18n("en")}>
        <Accordion items={items} openIds={["a"]} />
      </I18nextProvider>,
    );
    expect(html).toMatch(/<details class="cp-accordion__item" open="">/);
    expect(html).toContain("<summary");
  });

  it("renders nothing without items", () => {
    const { container } = renderIn("en", <Accordion items={[]} />);
    expect(container.innerHTML).toBe("");
  });
});
