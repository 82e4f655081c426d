// @vitest-environment jsdom
import type { UiSchema } from "@rjsf/utils";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createI18n } from "../../app/i18n";
import { ScreenForm } from "./ScreenForm";

/** "ui:widget": "address": the lookups' combobox inside a workflow screen's form. */
const schema = {
  type: "object",
  required: ["query"],
  properties: { query: { type: "string", title: "Address or parcel number", maxLength: 200 } },
};
const uiSchema: UiSchema = {
  query: { "ui:widget": "address", "ui:help": "The house number and street name." },
};

const form = (formData: Record<string, unknown>, errors?: string) => (
  <I18nextProvider i18n={createI18n("en")}>
    <ScreenForm
      schema={schema}
      uiSchema={uiSchema}
      formData={formData}
      locale="en"
      action="/workflow/x/find"
      {...(errors ? { errors: [{ path: "/query", message: errors, keyword: "required" }] } : {})}
    />
  </I18nextProvider>
);

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the address widget", () => {
  it("is the theme's plain text input on the server: name = id, hint and error described, required marked", () => {
    const host = document.createElement("div");
    host.innerHTML = renderToString(form({ query: "1418 N Cedar" }, "This field is required."));
    const input = host.querySelector("input[type=text]") as HTMLInputElement;
    expect(input.name).toBe(input.id);
    expect(input.value).toBe("1418 N Cedar");
    expect(input.getAttribute("aria-required")).toBe("true");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.className).toContain("usa-input--error");
    for (const id of input.getAttribute("aria-describedby")?.split(" ") ?? [])
      expect(host.querySelector(`[id="${id}"]`), id).not.toBeNull();
    expect(input.getAttribute("aria-describedby")?.split(" ")).toHaveLength(2);
    expect(input.hasAttribute("role")).toBe(false);
  });

  it("suggests addresses from /api/v1/addresses and puts the chosen one in the answer", async () => {
    const fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify([{ address: "1418 N Cedar Ave, Cedarport, IN 46202", parcelNumber: "1000002" }]),
          {
            status: 200,
            headers: { "content-type": "application/json" },
          },
        ),
    );
    vi.stubGlobal("fetch", fetch);
    const { container } = render(form({}));
    const input = screen.getByRole("combobox") as HTMLInputElement;
    fireEvent.change(input, { target: { value: "1418 n ced" } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(String(fetch.mock.calls[0]?.[0 as never])).toBe("/api/v1/addresses?q=1418+n+ced&limit=8");
    fireEvent.keyDown(input, { key: "ArrowDown" });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(input.value).toBe("1418 N Cedar Ave, Cedarport, IN 46202");
    const posted = new FormData(container.querySelector("form") as HTMLFormElement);
    expect(posted.get(input.name)).toBe("1418 N Cedar Ave, Cedarport, IN 46202");
  });
});

describe("the address widget in a repeated group (Property Address #1 to #5)", () => {
  const repeated = {
    type: "array",
    minItems: 1,
    maxItems: 5,
    items: {
      type: "object",
      title: "Property Address",
      required: ["query"],
      properties: { query: { type: "string", title: "Address or parcel number", maxLength: 200 } },
    },
  };
  const repeatedUi: UiSchema = { items: { query: { "ui:widget": "address" } } };
  const items = (formData: unknown[]) => (
    <I18nextProvider i18n={createI18n("en")}>
      <ScreenForm
        schema={repeated}
        uiSchema={repeatedUi}
        formData={formData as never}
        locale="en"
        action="/workflow/x/find-properties"
      />
    </I18nextProvider>
  );

  it("gives each item its own box and list, posted under the item's name", async () => {
    const fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify([{ address: "200 E Market St, Cedarport, IN 46204", parcelNumber: "1000001" }]),
          {
            status: 200,
            headers: { "content-type": "application/json" },
          },
        ),
    );
    vi.stubGlobal("fetch", fetch);
    const { container } = render(items([{ query: "1000002" }, {}]));
    const boxes = screen.getAllByRole("combobox") as HTMLInputElement[];
    expect(boxes.map((b) => b.name)).toEqual(["root_0_query", "root_1_query"]);
    const lists = boxes.map((b) => b.getAttribute("aria-controls"));
    expect(new Set(lists).size).toBe(2);
    fireEvent.change(boxes[1] as HTMLInputElement, { target: { value: "200 e mar" } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(boxes[1]?.getAttribute("aria-expanded")).toBe("true");
    expect(boxes[0]?.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(screen.getByRole("option"));
    const posted = new FormData(container.querySelector("form") as HTMLFormElement);
    expect(posted.get("root_0_query")).toBe("1000002");
    expect(posted.get("root_1_query")).toBe("200 E Market St, Cedarport, IN 46204");
  });
});
