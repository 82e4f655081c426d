// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AddressSuggestion } from "../../../address-lookup/address-lookup";
import { createI18n, type Locale } from "../../i18n";
import { axeViolations, renderIn } from "../test-support";
import { AddressCombobox, type AddressComboboxProps, type AddressSearch } from "./AddressCombobox";

const CEDAR: AddressSuggestion[] = [1418, 1422, 1430].map((n, i) => ({
  address: `${n} N Cedar Ave, Cedarport, IN 46202`,
  parcelNumber: `100000${i + 2}`,
}));

/** Finds the addresses containing the query, as the endpoint would (case aside). */
const searchIn =
  (list: AddressSuggestion[]): AddressSearch =>
  async (query) =>
    list.filter((s) => s.address.toLowerCase().includes(query.toLowerCase()));

async function elapse(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function setup(props: Partial<AddressComboboxProps> = {}, locale: Locale = "en") {
  const search = vi.fn(searchIn(CEDAR));
  const onSubmit = vi.fn((event: Event) => event.preventDefault());
  const view = renderIn(
    locale,
    <form method="get" action="/find-my-representatives" onSubmit={(e) => onSubmit(e.nativeEvent)}>
      <label htmlFor="address">Address</label>
      <AddressCombobox id="address" name="address" search={search} {...props} />
    </form>,
  );
  return { ...view, search, onSubmit, input: screen.getByRole("combobox") as HTMLInputElement };
}

const type = (input: HTMLElement, text: string) => fireEvent.change(input, { target: { value: text } });
const live = () => screen.getByRole("status").textContent;

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("AddressCombobox", () => {
  it("renders a plain text input on the server, with the label's id and the value sent back", () => {
    const html = renderToString(
      <I18nextProvider i18n={createI18n("en")}>
        <AddressCombobox id="address" name="address" defaultValue="1418 N Cedar" describedBy="hint" />
      </I18nextProvider>,
    );
    const input = /<input[^>]*>/.exec(html)?.[0] ?? "";
    expect(input).toContain('id="address"');
    expect(input).toContain('name="address"');
    expect(input).toContain('type="text"');
    expect(input).toContain('value="1418 N Cedar"');
    expect(input).toContain('aria-describedby="hint"');
    expect(input).toContain('autoComplete="street-address"');
    expect(input).not.toContain("combobox");
    expect(input).not.toContain("aria-expanded");
  });

  it("is a combobox in the browser, closed until something is found", () => {
    const { input } = setup({ describedBy: "hint" });
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect(input.getAttribute("aria-autocomplete")).toBe("list");
    expect(input.getAttribute("autocomplete")).toBe("off");
    const listbox = document.getElementById(input.getAttribute("aria-controls") ?? "");
    expect(listbox?.getAttribute("role")).toBe("listbox");
    expect(input.getAttribute("aria-describedby")?.split(" ")[0]).toBe("hint");
  });

  it("waits for 3 characters and a 500 ms pause, then lists and announces the addresses", async () => {
    const { input, search } = setup();
    type(input, "ce");
    await elapse(1000);
    expect(search).not.toHaveBeenCalled();
    type(input, "ced");
    await elapse(499);
    expect(search).not.toHaveBeenCalled();
    await elapse(1);
    expect(search).toHaveBeenCalledTimes(1);
    expect(search.mock.calls[0]?.[0]).toBe("ced");
    expect(input.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(CEDAR.map((s) => s.address));
    expect(live()).toBe("3 addresses found");
  });

  it("asks once per pause, aborting the request that newer typing made stale", async () => {
    const signals: AbortSignal[] = [];
    const search = vi.fn<AddressSearch>(
      (_query, signal) =>
        new Promise((resolve) => {
          signals.push(signal);
          setTimeout(() => resolve(CEDAR), 2000);
        }),
    );
    const { input } = setup({ search });
    type(input, "ced");
    type(input, "ceda");
    await elapse(500);
    expect(search).toHaveBeenCalledTimes(1);
    type(input, "cedar");
    expect(signals[0]?.aborted).toBe(true);
    await elapse(2500);
    expect(search).toHaveBeenCalledTimes(2);
    expect(search.mock.calls[1]?.[0]).toBe("cedar");
    expect(signals[1]?.aborted).toBe(false);
    expect(screen.getAllByRole("option")).toHaveLength(3);
  });

  it("moves with the arrow keys and fills the box with Enter, without submitting", async () => {
    const { input, onSubmit } = setup();
    type(input, "cedar");
    await elapse(500);
    fireEvent.keyDown(input, { key: "ArrowDown" });
    fireEvent.keyDown(input, { key: "ArrowDown" });
    const options = screen.getAllByRole("option");
    expect(input.getAttribute("aria-activedescendant")).toBe(options[1]?.id);
    expect(options[1]?.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(input, { key: "ArrowUp" });
    fireEvent.keyDown(input, { key: "ArrowUp" });
    expect(input.getAttribute("aria-activedescendant")).toBe(options[2]?.id);
    fireEvent.keyDown(input, { key: "Enter" });
    expect(input.value).toBe(CEDAR[2]?.address);
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect(input.hasAttribute("aria-activedescendant")).toBe(false);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("drops a lookup still waiting when focus leaves the box, so no list opens over the next field", async () => {
    const { input, search } = setup();
    const next = document.createElement("button");
    document.body.append(next);
    type(input, "cedar");
    await elapse(300);
    fireEvent.blur(input, { relatedTarget: next });
    await elapse(1000);
    expect(search).not.toHaveBeenCalled();
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryAllByRole("option")).toHaveLength(0);
    next.remove();
  });

  it("submits the typed text with Enter and drops the lookup still waiting", async () => {
    const { input, search, onSubmit } = setup();
    type(input, "cedar");
    await elapse(300);
    // jsdom does not submit on Enter itself; the key must not be prevented, so a browser does.
    expect(fireEvent.keyDown(input, { key: "Enter" })).toBe(true);
    await elapse(1000);
    expect(search).not.toHaveBeenCalled();
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("closes with Escape, keeping what was typed", async () => {
    const { input } = setup();
    type(input, "cedar");
    await elapse(500);
    fireEvent.keyDown(input, { key: "Escape" });
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect(input.value).toBe("cedar");
    expect(live()).toBe("");
  });

  it("fills the box with a clicked suggestion", async () => {
    const onValueChange = vi.fn();
    const { input } = setup({ onValueChange });
    type(input, "1422");
    await elapse(500);
    fireEvent.click(screen.getByRole("option"));
    expect(input.value).toBe(CEDAR[1]?.address);
    expect(onValueChange).toHaveBeenLastCalledWith(CEDAR[1]?.address, CEDAR[1]);
  });

  it("says so when nothing matches, in English and in Spanish", async () => {
    for (const locale of ["en", "es"] as const) {
      const { input, unmount } = setup({}, locale);
      type(input, "zzz");
      await elapse(500);
      const message =
        locale === "en" ? "No matching addresses found" : "No se encontraron direcciones que coincidan";
      expect(live()).toBe(message);
      expect(screen.getByText(message, { selector: "p" })).toBeTruthy();
      expect(input.getAttribute("aria-expanded")).toBe("false");
      unmount();
    }
  });

  it("announces the count in Spanish", async () => {
    const { input } = setup({}, "es");
    type(input, "cedar");
    await elapse(500);
    expect(live()).toBe("Se encontraron 3 direcciones");
  });

  it("suggests only while the form's radio says the box is an address", async () => {
    const search = vi.fn(searchIn(CEDAR));
    renderIn(
      "en",
      <form>
        <input type="radio" name="by" value="owner" defaultChecked aria-label="Owner" />
        <input type="radio" name="by" value="street" aria-label="Street" />
        <AddressCombobox id="q" name="q" search={search} onlyWhen={{ name: "by", values: ["street"] }} />
      </form>,
    );
    const input = screen.getByRole("textbox");
    type(input, "cedar");
    await elapse(600);
    expect(search).not.toHaveBeenCalled();
    expect(input.hasAttribute("role")).toBe(false);
    fireEvent.click(screen.getByLabelText("Street"));
    const combobox = screen.getByRole("combobox");
    type(combobox, "cedar a");
    await elapse(500);
    expect(search).toHaveBeenCalledTimes(1);
    expect(combobox.getAttribute("aria-expanded")).toBe("true");
    fireEvent.click(screen.getByLabelText("Owner"));
    expect(input.getAttribute("aria-expanded")).toBeNull();
    expect(screen.queryAllByRole("option")).toHaveLength(0);
  });

  it("says it could not look when the lookup fails, and recovers", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    let fail = true;
    const search = vi.fn<AddressSearch>(async (query) => {
      if (fail) throw new Error("503");
      return searchIn(CEDAR)(query, new AbortController().signal);
    });
    const { input } = setup({ search });
    type(input, "cedar");
    await elapse(500);
    expect(live()).toMatch(/not available/);
    fail = false;
    type(input, "cedar ave");
    await elapse(500);
    expect(live()).toBe("3 addresses found");
  });

  it("has no axe violations, closed and open", async () => {
    const { container, input } = setup();
    vi.useRealTimers();
    expect(await axeViolations(container)).toEqual([]);
    vi.useFakeTimers();
    type(input, "cedar");
    await elapse(500);
    fireEvent.keyDown(input, { key: "ArrowDown" });
    vi.useRealTimers();
    expect(await axeViolations(container)).toEqual([]);
  });
});
