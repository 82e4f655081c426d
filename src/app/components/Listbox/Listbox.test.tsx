// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { axeViolations, renderIn } from "../test-support";
import { Listbox } from "./Listbox";
import { type ListboxExample, listboxExamples } from "./Listbox.examples";

afterEach(cleanup);

function renderExample({ locale, props }: ListboxExample, onChoose = vi.fn()) {
  // Inside a combobox's popup, as the typeahead and the address combobox draw it.
  const view = renderIn(
    locale,
    <div>
      <input role="combobox" aria-label="Address" aria-expanded="true" aria-controls={props.id} />
      <Listbox {...props} onChoose={onChoose} />
    </div>,
  );
  return { ...view, onChoose };
}

describe.each(Object.entries(listboxExamples))("Listbox example %s", (_name, example: ListboxExample) => {
  it("renders without accessibility violations", async () => {
    const { container } = renderExample(example);
    expect(await axeViolations(container)).toEqual([]);
  });

  it("lists the options, the active one selected, and hides an empty list", () => {
    const { container } = renderExample(example);
    const list = container.querySelector('[role="listbox"]') as HTMLElement;
    expect(list.id).toBe(example.props.id);
    expect(list.hidden).toBe(example.props.options.length === 0);
    const options = [...list.querySelectorAll('[role="option"]')];
    expect(options.map((o) => o.id)).toEqual(example.props.options.map((o) => o.id));
    expect(options.map((o) => o.getAttribute("aria-selected"))).toEqual(
      example.props.options.map((_, i) => String(i === example.props.activeIndex)),
    );
    expect(container.querySelector(".cp-typeahead__empty")?.textContent).toBe(example.props.emptyText);
  });
});

describe("Listbox", () => {
  it("hands the clicked option to onChoose and keeps focus in the input", () => {
    const { onChoose } = renderExample(listboxExamples.addresses);
    const input = screen.getByRole("combobox");
    input.focus();
    const option = screen.getByRole("option", { name: /1430 N Cedar Ave/ });
    // A mousedown that is not prevented would move focus out of the combobox's input.
    expect(fireEvent.mouseDown(option)).toBe(false);
    fireEvent.click(option);
    expect(onChoose).toHaveBeenCalledWith(listboxExamples.addresses.props.options[2]);
    expect(document.activeElement).toBe(input);
  });

  it("sets the last item apart", () => {
    renderExample(listboxExamples.kitchenSink);
    const last = screen.getByRole("option", { name: /See all results/ });
    expect(last.className).toBe("cp-typeahead__option cp-typeahead__option--last");
    expect(screen.getByRole("option", { name: "Pay property taxes" }).className).toBe("cp-typeahead__option");
  });
});
