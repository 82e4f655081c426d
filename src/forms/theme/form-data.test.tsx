// @vitest-environment jsdom
import type { UiSchema } from "@rjsf/utils";
import { cleanup, render } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { validateAnswers } from "../validation/index";
import { kitchenSink } from "./examples";
import { type Answers, applyArrayAction, formDataToAnswers, parseArrayAction } from "./form-data";
import { ScreenForm } from "./ScreenForm";

afterEach(() => cleanup());

const NOW = new Date("2026-03-15T17:00:00Z");

/** What the browser would post: the form's successful controls, urlencoded. */
function postedBody(container: HTMLElement): URLSearchParams {
  const form = container.querySelector("form") as HTMLFormElement;
  const body = new URLSearchParams();
  for (const [name, value] of new FormData(form)) body.append(name, String(value));
  return body;
}

/** Renders on the server, as a resident without JavaScript receives it, then reads the form. */
function serverRendered(schema: object, uiSchema: UiSchema, answers: Answers): URLSearchParams {
  const html = renderToString(
    <ScreenForm schema={schema} uiSchema={uiSchema} formData={answers} locale="en" action="/x" />,
  );
  const host = document.createElement("div");
  host.innerHTML = html;
  return postedBody(host);
}

const complete: Answers = {
  applicant: {
    firstName: "Ana",
    middleName: "N/A",
    lastName: "García",
    dateOfBirth: "03/25/1958",
    email: "ana@cedarport.gov",
    phone: "(317) 555-0100",
    address1: "100 Main St",
    city: "Cedarport",
    state: "IN",
    zip: "46204",
    lastFive: "01234",
  },
  parcelNumber: "49-01-23-456-789.000-101",
  mobileHome: false,
  delivery: "mail",
  county: "Harbor",
  services: ["Homestead", "Over 65"],
  amount: 123450,
  cardNumber: "4111 1111 1111 1111",
  expiry: "04/28",
  cvv: "123",
  accountNumber: "000123456",
  notes: "Second line\nhere",
  properties: [
    { address: "1 Oak St", share: 50 },
    { address: "2 Elm St", share: 12.5 },
  ],
  agree: true,
};

describe("formDataToAnswers round trip", () => {
  const { schema, uiSchema } = kitchenSink("en");

  it("reads back every answer the theme rendered, typed (server render, no JavaScript)", () => {
    const body = serverRendered(schema, uiSchema, complete);
    expect(body.get("root_applicant_email")).toBe("ana@cedarport.gov");
    expect(body.get("root_amount")).toBe("1,234.50");
    expect(body.get("root_properties__count")).toBe("2");
    expect(formDataToAnswers(schema, body)).toEqual(complete);
    expect(validateAnswers(schema, formDataToAnswers(schema, body), { locale: "en", now: NOW })).toEqual([]);
  });

  it("reads back what the browser shows after hydration too", () => {
    const { container } = render(
      <ScreenForm schema={schema} uiSchema={uiSchema} formData={complete} locale="en" action="/x" />,
    );
    expect(formDataToAnswers(schema, postedBody(container))).toEqual(complete);
  });

  it("leaves blanks out, unticked boxes false, empty lists empty", () => {
    const sparse: Answers = { mobileHome: true, properties: [{}] };
    const answers = formDataToAnswers(schema, serverRendered(schema, uiSchema, sparse));
    expect(answers).toEqual({
      applicant: {},
      mobileHome: true,
      services: [],
      agree: false,
      properties: [{}],
    });
    const paths = validateAnswers(schema, answers, { locale: "en", now: NOW }).map((e) => e.path);
    expect(paths).toContain("/applicant/firstName");
    expect(paths).toContain("/delivery");
    expect(paths).toContain("/properties/0/address");
    expect(paths).toContain("/agree");
  });
});

describe("formDataToAnswers", () => {
  const schema = {
    type: "object",
    properties: {
      name: { type: "string" },
      count: { type: "integer" },
      ratio: { type: "number" },
      amount: { type: "integer", format: "cents" },
      yes: { type: "boolean" },
      level: { type: "integer", enum: [1, 2, 3] },
      choice: {
        oneOf: [
          { const: true, title: "Yes" },
          { const: false, title: "No" },
        ],
      },
      tags: { type: "array", items: { type: "string" } },
      picks: { type: "array", uniqueItems: true, items: { type: "integer", enum: [10, 20] } },
      group: { type: "array", maxItems: 2, items: { type: "object", properties: { a: { type: "string" } } } },
      conditional: { type: "string" },
    },
    if: { properties: { yes: { const: true } } },
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then
    then: { properties: { extra: { type: "string" } } },
  };
  const parse = (pairs: [string, string][]) => formDataToAnswers(schema, new URLSearchParams(pairs));

  it("types numbers, money, booleans and choices", () => {
    expect(
      parse([
        ["root_name", "  Ana  "],
        ["root_conditional", "one\r\ntwo"],
        ["root_count", "12"],
        ["root_ratio", "-0.5"],
        ["root_amount", "$1,000.5"],
        ["root_yes", "false"],
        ["root_yes", "true"],
        ["root_level", "2"],
        ["root_choice", "false"],
        ["root_picks", ""],
        ["root_picks", "20"],
        ["root_extra", "from a condition"],
      ]),
    ).toEqual({
      name: "Ana",
      conditional: "one\ntwo",
      count: 12,
      ratio: -0.5,
      amount: 100050,
      yes: true,
      level: 2,
      choice: false,
      picks: [20],
      extra: "from a condition",
    });
  });

  it("keeps what does not parse as typed, for validation to report", () => {
    expect(
      parse([
        ["root_count", "1,000"],
        ["root_amount", "12.345"],
        ["root_yes", "maybe"],
        ["root_level", "9"],
      ]),
    ).toEqual({ count: "1,000", amount: "12.345", yes: "maybe", level: "9" });
  });

  it("reads repeated groups by their count, capped by maxItems", () => {
    expect(
      parse([
        ["root_tags_0", "a"],
        ["root_tags_2", "c"],
      ]),
    ).toEqual({ tags: ["a", "c"] });
    expect(parse([["root_group__count", "1"]])).toEqual({ group: [{}] });
    expect(
      parse([
        ["root_group__count", "1000000"],
        ["root_group_7_a", "x"],
      ]),
    ).toEqual({ group: [{}, {}] });
    expect(parse([])).toEqual({});
  });
});

describe("array actions (Add another / Remove without JavaScript)", () => {
  const schema = {
    type: "object",
    properties: {
      items: {
        type: "array",
        minItems: 1,
        maxItems: 2,
        items: { type: "object", properties: { a: { type: "string" } } },
      },
      names: { type: "array", items: { type: "string" } },
    },
  };

  it("reads the pressed button", () => {
    expect(parseArrayAction(new URLSearchParams("_action=add:/items"))).toEqual({
      type: "add",
      path: "/items",
    });
    expect(parseArrayAction(new URLSearchParams("_action=remove:/items/1"))).toEqual({
      type: "remove",
      path: "/items",
      index: 1,
    });
    // A screen that is one repeated group: its list is the root, the empty pointer.
    expect(parseArrayAction(new URLSearchParams("_action=add:"))).toEqual({ type: "add", path: "" });
    expect(parseArrayAction(new URLSearchParams("_action=remove:/0"))).toEqual({
      type: "remove",
      path: "",
      index: 0,
    });
    expect(parseArrayAction(new URLSearchParams("_action=continue"))).toBeNull();
    expect(parseArrayAction(new URLSearchParams(""))).toBeNull();
  });

  it("adds an empty item up to maxItems and removes the chosen one", () => {
    const one = { items: [{ a: "x" }] };
    const two = applyArrayAction(schema, one, { type: "add", path: "/items" });
    expect(two).toEqual({ items: [{ a: "x" }, {}] });
    expect(applyArrayAction(schema, two, { type: "add", path: "/items" })).toBe(two);
    expect(applyArrayAction(schema, two, { type: "remove", path: "/items", index: 0 })).toEqual({
      items: [{}],
    });
    expect(applyArrayAction(schema, {}, { type: "add", path: "/names" })).toEqual({ names: [null] });
    expect(applyArrayAction(schema, one, { type: "add", path: "/nowhere" })).toBe(one);
    expect(applyArrayAction(schema, one, { type: "remove", path: "/items", index: 5 })).toBe(one);
    expect(applyArrayAction(schema, one, { type: "remove", path: "/items", index: 0 })).toBe(one);
  });

  it("adds to and removes from a screen that is one repeated group", () => {
    const list = {
      type: "array",
      maxItems: 3,
      items: { type: "object", properties: { a: { type: "string" } } },
    };
    const two = applyArrayAction(list, [{ a: "x" }], { type: "add", path: "" });
    expect(two).toEqual([{ a: "x" }, {}]);
    expect(applyArrayAction(list, two, { type: "remove", path: "", index: 0 })).toEqual([{}]);
  });
});
