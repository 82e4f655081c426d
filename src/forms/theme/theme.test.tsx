// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, within } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { validateAnswers } from "../validation/index";
import type { FieldError } from "../validation/messages";
import { kitchenSink, kitchenSinkInvalidAnswers } from "./examples";
import type { Answers } from "./form-data";
import { ScreenForm } from "./ScreenForm";

const NOW = new Date("2026-03-15T17:00:00Z");

afterEach(() => cleanup());

async function expectNoAxeViolations(container: HTMLElement) {
  // Colour contrast needs layout, which jsdom has not: the Playwright suite checks it in a browser.
  const results = await axe.run(container, {
    resultTypes: ["violations"],
    rules: { "color-contrast": { enabled: false } },
  });
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(summary).toEqual([]);
}

function renderSink(
  locale: "en" | "es",
  withErrors: boolean,
  props: Partial<Parameters<typeof ScreenForm>[0]> = {},
) {
  const example = kitchenSink(locale);
  const formData = withErrors ? kitchenSinkInvalidAnswers : example.formData;
  const errors: FieldError[] = withErrors
    ? validateAnswers(example.schema, formData, { locale, now: NOW })
    : [];
  const view = render(
    <main>
      <ScreenForm
        schema={example.schema}
        uiSchema={example.uiSchema}
        formData={formData}
        errors={errors}
        locale={locale}
        action="/workflow/demo"
        {...props}
      />
    </main>,
  );
  return { ...view, example, errors };
}

describe("accessibility (axe, zero violations)", () => {
  for (const locale of ["en", "es"] as const) {
    for (const withErrors of [false, true]) {
      it(`kitchen sink, ${locale}, ${withErrors ? "with" : "without"} errors`, async () => {
        const { container } = renderSink(locale, withErrors);
        await expectNoAxeViolations(container);
      });
    }
  }
});

describe("markup", () => {
  it("is a real form that posts to the action", () => {
    const { container } = renderSink("en", false);
    const form = container.querySelector("form");
    expect(form?.getAttribute("method")).toBe("post");
    expect(form?.getAttribute("action")).toBe("/workflow/demo");
    expect(form?.hasAttribute("novalidate")).toBe(true);
  });

  it("ties every control to a label or a legend, and names it by its id", () => {
    const { container } = renderSink("en", false);
    const controls = container.querySelectorAll<HTMLInputElement>(
      "input:not([type=hidden]), select, textarea",
    );
    expect(controls.length).toBeGreaterThan(20);
    for (const control of controls) {
      if (control.classList.contains("usa-sr-only")) continue;
      expect(control.labels?.length, control.id).toBeGreaterThan(0);
      if (control.type !== "radio" && control.type !== "checkbox") expect(control.name).toBe(control.id);
    }
    const radios = container.querySelectorAll("input[type=radio][name=root_delivery]");
    expect(radios).toHaveLength(4);
    expect(radios[0]?.closest("fieldset")?.querySelector("legend")?.textContent).toBe("Delivery method");
  });

  it("puts hints in aria-describedby", () => {
    const { container } = renderSink("en", false);
    const lastFive = container.querySelector("#root_applicant_lastFive");
    expect(lastFive?.getAttribute("aria-describedby")).toBe("root_applicant_lastFive__description");
    expect(container.querySelector("#root_applicant_lastFive__description")?.className).toBe("usa-hint");
    expect(container.querySelector("#root_firstName")).toBeNull();
    expect(container.querySelector("#root_applicant_firstName")?.hasAttribute("aria-describedby")).toBe(
      false,
    );
  });

  it("renders each widget with its keyboard and autocomplete", () => {
    const { container } = renderSink("en", false);
    const attrs = (id: string) => {
      const el = container.querySelector(`#${id}`);
      return {
        type: el?.getAttribute("type"),
        inputMode: el?.getAttribute("inputmode"),
        autoComplete: el?.getAttribute("autocomplete"),
      };
    };
    expect(attrs("root_applicant_dateOfBirth")).toEqual({
      type: "text",
      inputMode: "numeric",
      autoComplete: "bday",
    });
    expect(container.querySelector("#root_applicant_dateOfBirth__description")?.textContent).toBe(
      "For example, 03/25/1958",
    );
    expect(attrs("root_applicant_phone")).toEqual({ type: "tel", inputMode: null, autoComplete: "tel" });
    expect(attrs("root_applicant_zip")).toEqual({
      type: "text",
      inputMode: "numeric",
      autoComplete: "postal-code",
    });
    expect(attrs("root_applicant_email")).toEqual({ type: "email", inputMode: null, autoComplete: "email" });
    expect(attrs("root_applicant_firstName").autoComplete).toBe("given-name");
    expect(attrs("root_applicant_lastName").autoComplete).toBe("family-name");
    expect(attrs("root_applicant_address1").autoComplete).toBe("address-line1");
    expect(attrs("root_applicant_city").autoComplete).toBe("address-level2");
    expect(attrs("root_amount")).toEqual({ type: "text", inputMode: "decimal", autoComplete: null });
    expect(container.querySelector("#root_amount")?.closest(".usa-input-group")?.textContent).toBe("$");
    expect(attrs("root_cardNumber")).toEqual({
      type: "text",
      inputMode: "numeric",
      autoComplete: "cc-number",
    });
    expect(attrs("root_expiry")).toEqual({ type: "text", inputMode: "numeric", autoComplete: "cc-exp" });
    expect(attrs("root_cvv")).toEqual({ type: "text", inputMode: "numeric", autoComplete: "cc-csc" });
    expect(attrs("root_accountNumber")).toEqual({
      type: "password",
      inputMode: "numeric",
      autoComplete: "off",
    });
    expect(container.querySelector("#root_notes")?.className).toBe("usa-textarea");
    expect(container.querySelector("#root_county")?.className).toBe("usa-select");
    expect(container.querySelectorAll(".usa-radio__input[name=root_mobileHome]")).toHaveLength(2);
    expect(container.querySelectorAll(".usa-checkbox__input[name=root_services]")).toHaveLength(3);
    expect(container.querySelector("#root_agree")?.className).toBe("usa-checkbox__input");
  });

  it("marks optional questions and translates the theme's words", () => {
    const { container } = renderSink("es", false);
    expect(container.querySelector("label[for=root_applicant_phone]")?.textContent).toBe(
      "Número de teléfono (opcional)",
    );
    expect(container.querySelector("label[for=root_mobileHome-0]")?.textContent).toBe("Sí");
    expect(container.querySelector("#root_applicant_dateOfBirth__description")?.textContent).toBe(
      "Por ejemplo, 03/25/1958",
    );
    expect(within(container).getByText("Agregar otro")).toBeTruthy();
  });

  it("lets the masked field be shown and hidden once JavaScript runs", () => {
    const { container } = renderSink("en", false);
    const button = within(container).getByRole("button", { name: "Show Account number" });
    fireEvent.click(button);
    expect(container.querySelector("#root_accountNumber")?.getAttribute("type")).toBe("text");
    expect(button.textContent).toContain("Hide");
  });
});

describe("errors", () => {
  for (const locale of ["en", "es"] as const) {
    it(`shows a summary that links to each field and takes focus (${locale})`, () => {
      const { container, errors } = renderSink(locale, true);
      const summary = container.querySelector<HTMLElement>(".usa-alert--error");
      expect(summary?.querySelector("h2")?.textContent).toBe(
        locale === "en" ? "There is a problem" : "Hay un problema",
      );
      expect(document.activeElement).toBe(summary);
      const links = [...(summary?.querySelectorAll("a") ?? [])];
      expect(links).toHaveLength(errors.length);
      for (const link of links) {
        const target = container.querySelector(link.getAttribute("href") ?? "");
        expect(target, link.getAttribute("href") ?? "").not.toBeNull();
      }
      // In page order (the order fields appear on the screen), not grouped by kind of problem.
      expect(links[0]?.getAttribute("href")).toBe("#root_applicant_middleName");
      const targets = links.map((link) => container.querySelector(link.getAttribute("href") ?? "") as Node);
      for (let i = 1; i < targets.length; i++) {
        const order = (targets[i - 1] as Node).compareDocumentPosition(targets[i] as Node);
        expect(order & Node.DOCUMENT_POSITION_FOLLOWING, links[i]?.getAttribute("href") ?? "").toBeTruthy();
      }
      fireEvent.click(links.find((link) => link.hash === "#root_applicant_lastName") as HTMLElement);
      expect(document.activeElement?.id).toBe("root_applicant_lastName");
    });
  }

  it("shows each message inline, described by and flagged on its control", () => {
    const { container } = renderSink("en", true);
    const email = container.querySelector("#root_applicant_email");
    expect(email?.getAttribute("aria-invalid")).toBe("true");
    expect(email?.getAttribute("aria-describedby")).toBe("root_applicant_email__error");
    expect(email?.className).toContain("usa-input--error");
    expect(container.querySelector("#root_applicant_email__error")?.textContent).toBe(
      "Error: Please enter a valid email address.",
    );
    const group = container.querySelector("#root_services-0")?.closest("fieldset");
    expect(group?.getAttribute("aria-describedby")).toBe("root_services__error");
    expect(container.querySelector("#root_properties_0_share__error")?.textContent).toBe(
      "Error: This number is too big. Try not to go over 100",
    );
    expect(container.querySelector("label[for=root_applicant_email]")?.className).toBe(
      "usa-label usa-label--error",
    );
  });

  it("shows no summary without errors", () => {
    const { container } = renderSink("en", false);
    expect(container.querySelector(".usa-alert--error")).toBeNull();
  });
});

describe("repeated group", () => {
  it("adds and removes items in place, up to maxItems", () => {
    const { container } = renderSink("en", false, { onSubmit: () => {} });
    const group = within(container.querySelector("#root_properties") as HTMLElement);
    const count = () =>
      container.querySelector<HTMLInputElement>("input[name=root_properties__count]")?.value;
    expect(count()).toBe("1");
    // minItems is 1: the only property cannot be removed.
    expect(group.queryByRole("button", { name: "Remove Property 1" })).toBeNull();
    fireEvent.click(group.getByRole("button", { name: "Add another (Properties)" }));
    expect(count()).toBe("2");
    expect(document.activeElement?.id).toBe("root_properties_1_address");
    expect(container.querySelector("#root_properties_1")?.querySelector("legend")?.textContent).toBe(
      "Property 2",
    );
    for (let i = 0; i < 3; i++)
      fireEvent.click(group.getByRole("button", { name: "Add another (Properties)" }));
    expect(count()).toBe("5");
    expect(group.queryByRole("button", { name: "Add another (Properties)" })).toBeNull();
    expect(group.getByText("You have added the most items allowed (5).")).toBeTruthy();
    fireEvent.click(group.getByRole("button", { name: "Remove Property 3" }));
    expect(count()).toBe("4");
    expect(group.getByRole("button", { name: "Add another (Properties)" })).toBeTruthy();
  });

  it("posts Add another and Remove as named submit buttons for the server", () => {
    const { container } = renderSink("en", false, { formData: { properties: [{}, {}] } });
    const add = container.querySelector<HTMLButtonElement>("button[value='add:/properties']");
    expect(add?.type).toBe("submit");
    expect(add?.name).toBe("_action");
    const remove = container.querySelector<HTMLButtonElement>("button[value='remove:/properties/1']");
    expect(remove?.type).toBe("submit");
    expect(remove?.name).toBe("_action");
    // Enter presses the first submit button: a hidden Continue comes before them.
    expect(container.querySelector("form button[type=submit]")?.textContent).toBe("Continue");
  });
});

describe("submitting with JavaScript", () => {
  const schema = {
    type: "object",
    required: ["email", "amount"],
    properties: {
      email: { type: "string", title: "Email address", format: "email" },
      amount: { type: "integer", title: "Amount", format: "cents", minAmount: 100 },
    },
  } as const;
  const validate = (answers: Answers) => validateAnswers(schema, answers, { locale: "en", now: NOW });

  it("validates first, shows problems, then hands over typed answers", () => {
    const onSubmit = vi.fn();
    const onValidated = vi.fn();
    const { container } = render(
      <ScreenForm
        schema={schema}
        locale="en"
        action="/x"
        onSubmit={onSubmit}
        validate={validate}
        onValidated={onValidated}
      >
        <button type="submit" name="_action" value="continue" className="usa-button">
          Continue
        </button>
      </ScreenForm>,
    );
    const form = container.querySelector("form") as HTMLFormElement;
    fireEvent.submit(form);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(container.querySelectorAll(".usa-alert--error a")).toHaveLength(2);
    // The page is told (its title then says "Error: ").
    expect(onValidated).toHaveBeenLastCalledWith(expect.arrayContaining([expect.anything()]));
    expect(onValidated.mock.lastCall?.[0]).toHaveLength(2);
    expect(document.activeElement?.className).toContain("usa-alert--error");
    fireEvent.change(container.querySelector("#root_email") as HTMLElement, {
      target: { value: "a@cedarport.gov" },
    });
    fireEvent.change(container.querySelector("#root_amount") as HTMLElement, {
      target: { value: "1,234.50" },
    });
    expect((container.querySelector("#root_amount") as HTMLInputElement).value).toBe("1,234.50");
    act(() => {
      (container.querySelector("button[value=continue]") as HTMLButtonElement).click();
    });
    expect(onSubmit).toHaveBeenCalledWith(
      { email: "a@cedarport.gov", amount: 123450 },
      { name: "_action", value: "continue" },
    );
    expect(container.querySelector(".usa-alert--error")).toBeNull();
    expect(onValidated).toHaveBeenLastCalledWith([]);
  });

  it("leaves the browser to post the form when there is no onSubmit", () => {
    const { container } = render(<ScreenForm schema={schema} locale="en" action="/x" />);
    const notPrevented = fireEvent.submit(container.querySelector("form") as HTMLFormElement);
    expect(notPrevented).toBe(true);
  });
});

describe("server rendering and hydration", () => {
  it("hydrates the server's markup without mismatches, then focuses the summary", async () => {
    const { hydrateRoot } = await import("react-dom/client");
    const { renderToString } = await import("react-dom/server");
    const example = kitchenSink("es");
    const errors = validateAnswers(example.schema, kitchenSinkInvalidAnswers, { locale: "es", now: NOW });
    const element = (
      <ScreenForm
        schema={example.schema}
        uiSchema={example.uiSchema}
        formData={kitchenSinkInvalidAnswers}
        errors={errors}
        locale="es"
        action="/x"
      />
    );
    const host = document.createElement("div");
    document.body.append(host);
    host.innerHTML = renderToString(element);
    expect(host.querySelector("#root_accountNumber + button")).toBeNull();
    // Without JavaScript the browser itself focuses the summary: the server's page says autofocus.
    expect(host.querySelector("#error-summary")?.hasAttribute("autofocus")).toBe(true);
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const recoverable: unknown[] = [];
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(host, element, { onRecoverableError: (error) => recoverable.push(error) });
    });
    expect(recoverable).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
    expect(document.activeElement?.id).toBe("error-summary");
    expect(host.querySelector("#root_accountNumber + button")).not.toBeNull();
    act(() => root?.unmount());
    host.remove();
  });
});

describe("errors on groups and on the whole form", () => {
  it("shows a repeated group's and the form's own problems", async () => {
    const example = kitchenSink("en");
    const errors: FieldError[] = [
      { path: "", message: "Something is wrong with this screen.", keyword: "invalid" },
      {
        path: "/properties",
        message: "Each item must have an amount greater than zero.",
        keyword: "amountsGreaterThanZero",
      },
      { path: "/applicant", message: "This field is required.", keyword: "required" },
    ];
    const { container } = render(
      <main>
        <ScreenForm
          schema={example.schema}
          uiSchema={example.uiSchema}
          errors={errors}
          locale="en"
          action="/x"
        />
      </main>,
    );
    const items = [...container.querySelectorAll(".usa-alert--error li")];
    // The form's own problem first, then in page order: the applicant's group is above the properties.
    expect(items.map((li) => li.textContent)).toEqual([
      "Something is wrong with this screen.",
      "Applicant: This field is required.",
      "Properties: Each item must have an amount greater than zero.",
    ]);
    expect(items[0]?.querySelector("a")).toBeNull();
    expect(items[2]?.querySelector("a")?.getAttribute("href")).toBe("#root_properties");
    expect(container.querySelector("#root_properties__error")?.textContent).toContain("greater than zero");
    expect(container.querySelector("#root_properties")?.getAttribute("aria-describedby")).toBe(
      "root_properties__error",
    );
    expect(container.querySelector("#root_applicant__error")?.textContent).toContain(
      "This field is required.",
    );
    expect(container.querySelector("#root__error")?.textContent).toContain("Something is wrong");
    await expectNoAxeViolations(container);
  });
});
