// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createI18n } from "../../i18n";
import { axeViolations, renderIn } from "../test-support";
import { FilterGroup, type FilterGroupProps } from "./FilterGroup";
import { type FilterGroupExample, filterGroupExamples } from "./FilterGroup.examples";

afterEach(cleanup);

function renderExample({ locale, props }: FilterGroupExample, overrides: Partial<FilterGroupProps> = {}) {
  return renderIn(
    locale,
    <MemoryRouter initialEntries={["/activities?page=3"]}>
      <FilterGroup {...props} {...overrides} />
    </MemoryRouter>,
  );
}

describe.each(Object.entries(filterGroupExamples))(
  "FilterGroup example %s",
  (_name, example: FilterGroupExample) => {
    it("renders without accessibility violations", async () => {
      const { container } = renderExample(example);
      expect(await axeViolations(container)).toEqual([]);
    });

    it("offers one checkbox and one 'only' link per option", () => {
      const { container } = renderExample(example);
      expect(container.querySelectorAll(`input[type=checkbox][name=${example.props.name}]`)).toHaveLength(
        example.props.options.length,
      );
      expect(container.querySelectorAll("a")).toHaveLength(example.props.options.length);
    });
  },
);

/** The panel's part: keeping the selection and passing it back down. */
function Controlled({ onToggle }: { onToggle: (id: string, on: boolean) => void }) {
  const [selected, setSelected] = useState<string[]>([]);
  return (
    <FilterGroup
      {...filterGroupExamples.english.props}
      selected={selected}
      onToggle={(id, on) => {
        onToggle(id, on);
        setSelected((current) => (on ? [...current, id] : current.filter((entry) => entry !== id)));
      }}
    />
  );
}

describe("FilterGroup", () => {
  it("renders nothing without options", () => {
    const { container } = renderExample(filterGroupExamples.empty);
    expect(container.innerHTML).toBe("");
  });

  it("is a fieldset named by its heading, one level as given", () => {
    renderExample(filterGroupExamples.english);
    expect(screen.getByRole("group", { name: "I want to..." })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 4, name: "I want to..." })).toBeTruthy();
  });

  it("checks the selected options and names each checkbox by its title (id as fallback)", () => {
    renderExample(filterGroupExamples.kitchenSink);
    const box = (name: string) => screen.getByRole<HTMLInputElement>("checkbox", { name });
    expect(box("Office of the County Assessor").checked).toBe(true);
    expect(box("Business and Neighborhood Services").checked).toBe(false);
    expect(box("untitled-agency").value).toBe("untitled-agency");
  });

  it("gives each 'only' link a name saying which option, in either language, and drops the page", () => {
    renderExample(filterGroupExamples.english);
    expect(screen.getByRole("link", { name: "only Pay" }).getAttribute("href")).toBe("/activities?verb=pay");
    cleanup();
    renderExample(filterGroupExamples.spanish);
    expect(screen.getByRole("link", { name: "solo Pagar" })).toBeTruthy();
  });

  it("works as a plain form control without a toggle handler", () => {
    renderExample(filterGroupExamples.spanish);
    const box = screen.getByRole<HTMLInputElement>("checkbox", { name: "Solicitar" });
    fireEvent.click(box);
    expect(box.checked).toBe(true);
  });

  it("reports each toggle on and off when controlled (a native checkbox, so space toggles too)", () => {
    const onToggle = vi.fn();
    render(
      <I18nextProvider i18n={createI18n("en")}>
        <MemoryRouter>
          <Controlled onToggle={onToggle} />
        </MemoryRouter>
      </I18nextProvider>,
    );
    const box = screen.getByRole<HTMLInputElement>("checkbox", { name: "Apply" });
    fireEvent.click(box);
    expect(onToggle).toHaveBeenLastCalledWith("apply", true);
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    expect(onToggle).toHaveBeenLastCalledWith("apply", false);
    expect(box.checked).toBe(false);
  });

  it("hands 'only' to the page when asked, instead of following the link", () => {
    const onOnly = vi.fn();
    renderExample(filterGroupExamples.english, { onOnly });
    const link = screen.getByRole("link", { name: "only Report" });
    const event = new MouseEvent("click", { bubbles: true, cancelable: true });
    link.dispatchEvent(event);
    expect(onOnly).toHaveBeenCalledWith("report");
    expect(event.defaultPrevented).toBe(true);
  });
});
