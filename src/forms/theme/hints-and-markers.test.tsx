// @vitest-environment jsdom
import type { UiSchema } from "@rjsf/utils";
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import applicant from "../../../schemas/definitions/applicant.json";
import bid from "../../../schemas/definitions/bid.json";
import bidder from "../../../schemas/definitions/bidder.json";
import common from "../../../schemas/definitions/common.json";
import galleryAccount from "../../../schemas/definitions/gallery-account.json";
import invoice from "../../../schemas/definitions/invoice.json";
import mortgage from "../../../schemas/definitions/mortgage.json";
import payment from "../../../schemas/definitions/payment.json";
import property from "../../../schemas/definitions/property.json";
import recordRequest from "../../../schemas/definitions/record-request.json";
import type { Locale } from "../validation/messages";
import { ScreenForm } from "./ScreenForm";

afterEach(() => cleanup());

function renderScreen(schema: object, uiSchema: UiSchema, locale: Locale = "en") {
  return render(
    <main>
      <ScreenForm schema={schema} uiSchema={uiSchema} locale={locale} action="/workflow/demo" />
    </main>,
  ).container;
}

const hintOf = (container: HTMLElement, id: string) =>
  container.querySelector(`#${id}__description`)?.textContent ?? null;

describe("a date field's hint", () => {
  const schema = {
    type: "object",
    properties: {
      plain: { type: "string", title: "Date of birth", format: "us-date" },
      described: {
        type: "string",
        title: "Date of birth",
        format: "us-date",
        description: "For example, 04/15/1980",
      },
      helped: { type: "string", title: "Date of birth", format: "us-date" },
      expiry: {
        type: "string",
        title: "Expiration date",
        format: "card-expiry",
        description: "As on the card",
      },
    },
  };
  const uiSchema: UiSchema = { helped: { "ui:help": "For example, 04/15/1980" } };

  it("is the widget's own example when the field has no description", () => {
    const container = renderScreen(schema, uiSchema);
    expect(hintOf(container, "root_plain")).toBe("For example, 03/25/1958");
    expect(container.querySelector("#root_plain")?.getAttribute("aria-describedby")).toBe(
      "root_plain__description",
    );
  });

  it("is the field's own description or help alone, never two examples", () => {
    const container = renderScreen(schema, uiSchema);
    expect(hintOf(container, "root_described")).toBe("For example, 04/15/1980");
    expect(hintOf(container, "root_helped")).toBe("For example, 04/15/1980");
    expect(hintOf(container, "root_expiry")).toBe("As on the card");
    expect(container.textContent).not.toContain("03/25/1958For example");
  });

  it("follows the same rule in Spanish", () => {
    const container = renderScreen(schema, { helped: { "ui:help": "Por ejemplo, 04/15/1980" } }, "es");
    expect(hintOf(container, "root_plain")).toBe("Por ejemplo, 03/25/1958");
    expect(hintOf(container, "root_helped")).toBe("Por ejemplo, 04/15/1980");
  });
});

const definitionFiles = {
  applicant,
  bid,
  bidder,
  common,
  galleryAccount,
  invoice,
  mortgage,
  payment,
  property,
  recordRequest,
};

/** Every { en, es } title in a definition file, with where it is. */
function titlesIn(node: unknown, path: string, found: [string, string][] = []): [string, string][] {
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) titlesIn(item, `${path}/${i}`, found);
  } else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === "title" && value && typeof value === "object" && !Array.isArray(value)) {
        for (const [lang, text] of Object.entries(value)) found.push([`${path}/title/${lang}`, String(text)]);
      } else if (key === "title" && typeof value === "string") {
        found.push([`${path}/title`, value]);
      } else {
        titlesIn(value, `${path}/${key}`, found);
      }
    }
  }
  return found;
}

/** The definition's property in one language, as the workflow parser hands it to the form. */
function localized(field: { title: { en: string; es: string } } & Record<string, unknown>, locale: Locale) {
  return { ...field, title: field.title[locale] };
}

describe("the optional marker", () => {
  it("is never written into a shared definition's title: the theme adds it", () => {
    const marked = Object.entries(definitionFiles).flatMap(([name, file]) =>
      titlesIn(file, name).filter(([, text]) => /\((optional|opcional)\)/i.test(text)),
    );
    expect(marked).toEqual([]);
  });

  for (const [locale, expected] of [
    ["en", ["Middle name (optional)", "Address 2 (optional)", "Address line 2 (optional)"]],
    ["es", ["Segundo nombre (opcional)", "Dirección 2 (opcional)", "Dirección, línea 2 (opcional)"]],
  ] as const) {
    it(`shows once on an optional field built from the definitions (${locale})`, () => {
      const schema = {
        type: "object",
        required: ["firstName"],
        properties: {
          firstName: { type: "string", title: applicant.properties.firstName.title[locale] },
          middleName: localized(applicant.properties.middleName, locale),
          address2: localized(applicant.properties.address2, locale),
          line2: localized(common.$defs.address.properties.address2, locale),
        },
      };
      const container = renderScreen(schema, {}, locale);
      const label = (id: string) => container.querySelector(`label[for=${id}]`)?.textContent;
      expect([label("root_middleName"), label("root_address2"), label("root_line2")]).toEqual(expected);
      expect(label("root_firstName")).toBe(applicant.properties.firstName.title[locale]);
    });
  }
});

describe("the optional marker on a repeated group", () => {
  const item = { type: "object", properties: { name: { type: "string", title: "Dog's name" } } };

  it("is not shown, nor an empty legend, when the screen is one group of at least one item", () => {
    const container = renderScreen({ type: "array", minItems: 1, maxItems: 5, items: item }, {});
    expect(container.querySelector("legend")).toBeNull();
    expect(container.textContent).not.toContain("(optional)");
  });

  it("is shown once on a titled group that may be left empty, and not on one that needs an item", () => {
    const container = renderScreen(
      {
        type: "object",
        properties: {
          others: { type: "array", title: "Other owners", items: item },
          dogs: { type: "array", title: "Dogs", minItems: 1, items: item },
        },
      },
      {},
    );
    const legends = [...container.querySelectorAll(".cedarport-repeat > legend")].map((l) => l.textContent);
    expect(legends).toEqual(["Other owners (optional)", "Dogs"]);
  });
});
