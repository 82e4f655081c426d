// @vitest-environment jsdom
import type { UiSchema } from "@rjsf/utils";
import { cleanup, fireEvent, render } from "@testing-library/react";
import axe from "axe-core";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { validateAnswers } from "../validation/index";
import { joinDate, splitDate } from "./date-parts";
import { formDataToAnswers } from "./form-data";
import { ScreenForm } from "./ScreenForm";

afterEach(() => cleanup());

const schema = {
  type: "object",
  required: ["dateOfBirth"],
  properties: {
    dateOfBirth: { type: "string", title: "Date of birth", format: "us-date", dateOnOrBefore: "today" },
  },
};
const uiSchema: UiSchema = { dateOfBirth: { "ui:widget": "memorable-date" } };

function serverForm(
  formData: Record<string, unknown>,
  locale: "en" | "es" = "en",
  errors?: Record<string, string[]>,
) {
  const host = document.createElement("div");
  host.innerHTML = renderToString(
    <ScreenForm
      schema={schema}
      uiSchema={uiSchema}
      formData={formData}
      locale={locale}
      action="/x"
      errors={
        errors
          ? Object.entries(errors).map(([field, [message]]) => ({
              path: `/${field}`,
              message: message ?? "",
              keyword: "x",
            }))
          : undefined
      }
    />,
  );
  return host;
}

const posted = (host: HTMLElement) => {
  const body = new URLSearchParams();
  for (const [name, value] of new FormData(host.querySelector("form") as HTMLFormElement))
    body.append(name, String(value));
  return body;
};

describe("date parts", () => {
  it("joins the boxes into the catalogue's mm/dd/yyyy, padding a one-digit month or day", () => {
    expect(joinDate({ month: "4", day: "5", year: "1980" })).toBe("04/05/1980");
    expect(joinDate({ month: "12", day: "31", year: "1999" })).toBe("12/31/1999");
  });
  it("leaves an answer out when every box is empty, so 'required' speaks", () => {
    expect(joinDate({ month: " ", day: "", year: undefined })).toBeUndefined();
  });
  it("keeps a missing box visible to validation rather than guessing", () => {
    expect(joinDate({ month: "4", day: "", year: "1980" })).toBe("04//1980");
  });
  it("splits a stored answer back into its boxes, and never drops what cannot be split", () => {
    expect(splitDate("04/15/1980")).toEqual({ month: "04", day: "15", year: "1980" });
    expect(splitDate("04//1980")).toEqual({ month: "04", day: "", year: "1980" });
    expect(splitDate("1980-04-15")).toEqual({ month: "", day: "", year: "1980-04-15" });
    expect(splitDate(undefined)).toEqual({ month: "", day: "", year: "" });
  });
});

describe("memorable date widget", () => {
  it("renders a fieldset with the question as legend and three labelled numeric boxes", () => {
    const host = serverForm({ dateOfBirth: "04/15/1980" });
    const fieldset = host.querySelector("fieldset");
    expect(fieldset?.querySelector("legend")?.textContent).toContain("Date of birth");
    const inputs = [...host.querySelectorAll<HTMLInputElement>("fieldset input")];
    expect(inputs.map((input) => input.name)).toEqual([
      "root_dateOfBirth__month",
      "root_dateOfBirth__day",
      "root_dateOfBirth__year",
    ]);
    expect(inputs.map((input) => input.value)).toEqual(["04", "15", "1980"]);
    for (const input of inputs) {
      expect(input.getAttribute("inputmode")).toBe("numeric");
      expect(host.querySelector(`label[for="${input.id}"]`)).not.toBeNull();
    }
    expect(inputs.map((input) => input.getAttribute("autocomplete"))).toEqual([
      "bday-month",
      "bday-day",
      "bday-year",
    ]);
    expect(host.textContent).toContain("For example, 4 28 1986");
  });

  it("speaks Spanish", () => {
    const host = serverForm({}, "es");
    const labels = [...host.querySelectorAll("fieldset label")].map((label) => label.textContent);
    expect(labels).toEqual(["Mes", "Día", "Año"]);
    expect(host.textContent).toContain("Por ejemplo, 4 28 1986");
  });

  it("posts without JavaScript as three parts the server reads back as one date", () => {
    const body = posted(serverForm({ dateOfBirth: "04/15/1980" }));
    expect(formDataToAnswers(schema, body)).toEqual({ dateOfBirth: "04/15/1980" });
    const typed = new URLSearchParams({
      root_dateOfBirth__month: "4",
      root_dateOfBirth__day: "15",
      root_dateOfBirth__year: "1980",
    });
    expect(formDataToAnswers(schema, typed)).toEqual({ dateOfBirth: "04/15/1980" });
  });

  it("gives the catalogue's messages for empty and impossible dates", () => {
    const now = new Date("2026-03-15T17:00:00Z");
    const empty = formDataToAnswers(
      schema,
      new URLSearchParams({
        root_dateOfBirth__month: "",
        root_dateOfBirth__day: "",
        root_dateOfBirth__year: "",
      }),
    );
    expect(validateAnswers(schema, empty, { locale: "en", now }).map((error) => error.keyword)).toEqual([
      "required",
    ]);
    const impossible = formDataToAnswers(
      schema,
      new URLSearchParams({
        root_dateOfBirth__month: "2",
        root_dateOfBirth__day: "30",
        root_dateOfBirth__year: "1980",
      }),
    );
    expect(validateAnswers(schema, impossible, { locale: "en", now }).map((error) => error.message)).toEqual([
      "Please enter a valid date in the format mm/dd/yyyy.",
    ]);
  });

  it("with JavaScript, typing in the boxes gives the form one date", () => {
    const onChange = vi.fn();
    const { container } = render(
      <ScreenForm
        schema={schema}
        uiSchema={uiSchema}
        formData={{}}
        locale="en"
        action="/x"
        onChange={onChange}
      />,
    );
    const box = (part: string) =>
      container.querySelector(`[name="root_dateOfBirth__${part}"]`) as HTMLInputElement;
    fireEvent.change(box("month"), { target: { value: "4" } });
    fireEvent.change(box("day"), { target: { value: "15" } });
    fireEvent.change(box("year"), { target: { value: "1980" } });
    expect(box("month").value).toBe("4");
    expect(onChange.mock.lastCall?.[0]).toEqual({ dateOfBirth: "04/15/1980" });
  });

  it("is axe clean with an error shown", async () => {
    const host = serverForm({ dateOfBirth: "02/30/1980" }, "en", {
      dateOfBirth: ["Please enter a valid date in the format mm/dd/yyyy."],
    });
    document.body.append(host);
    // Contrast needs a canvas jsdom lacks; the Playwright checks cover it.
    const results = await axe.run(host, { rules: { "color-contrast": { enabled: false } } });
    host.remove();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    expect(host.querySelector("#root_dateOfBirth-0")?.getAttribute("aria-invalid")).toBe("true");
  });
});

describe("times of day", () => {
  it("render as a text field with an example in the resident's language", () => {
    const timeSchema = {
      type: "object",
      properties: { start: { type: "string", title: "Start time", format: "time-of-day" } },
    };
    for (const [locale, hint] of [
      ["en", "For example, 2:30 PM"],
      ["es", "Por ejemplo, 2:30 PM"],
    ] as const) {
      const host = document.createElement("div");
      host.innerHTML = renderToString(
        <ScreenForm schema={timeSchema} uiSchema={{}} formData={{}} locale={locale} action="/x" />,
      );
      const input = host.querySelector<HTMLInputElement>("#root_start");
      expect(input?.type).toBe("text");
      expect(host.textContent).toContain(hint);
    }
  });
});
