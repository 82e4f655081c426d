// @vitest-environment jsdom
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { FieldError } from "../validation/messages";
import { ErrorSummary } from "./ErrorSummary";
import { inPageOrder, summaryItems } from "./summary-items";

const schema = {
  type: "object",
  properties: {
    name: { type: "string", title: "Name" },
    email: { type: "string", title: "Email" },
    pets: {
      type: "array",
      title: "Pets",
      items: {
        type: "object",
        title: "Pet",
        properties: { kind: { type: "string", title: "Kind" }, age: { type: "integer", title: "Age" } },
      },
    },
    agree: { type: "boolean", title: "Agree" },
  },
};

const error = (path: string, keyword = "required"): FieldError => ({ path, message: keyword, keyword });

describe("inPageOrder", () => {
  it("lists problems as the fields appear, not grouped by kind", () => {
    const errors = [
      error("/agree"),
      error("/pets/1/kind"),
      error("/email", "format"),
      error("/pets/0/age", "maximum"),
      error("/name", "minLength"),
      error(""),
    ];
    expect(inPageOrder(errors, schema, {}).map((e) => e.path)).toEqual([
      "",
      "/name",
      "/email",
      "/pets/0/age",
      "/pets/1/kind",
      "/agree",
    ]);
  });

  it("follows ui:order, its '*' included, and keeps two problems of one field in order", () => {
    const ui = { "ui:order": ["agree", "*", "name"] };
    const errors = [error("/name", "first"), error("/email"), error("/name", "second"), error("/agree")];
    expect(inPageOrder(errors, schema, ui).map((e) => `${e.path} ${e.keyword}`)).toEqual([
      "/agree required",
      "/email required",
      "/name first",
      "/name second",
    ]);
  });

  it("gives the summary its items in that order", () => {
    const items = summaryItems([error("/email"), error("/name")], schema, {});
    expect(items.map((i) => i.targetId)).toEqual(["root_name", "root_email"]);
  });
});

describe("ErrorSummary", () => {
  it("shows an item's own action (check-answers' Change button) instead of a link", () => {
    const { container } = render(
      <ErrorSummary
        locale="es"
        items={[
          { text: "Falta su nombre", targetId: null, action: <button type="submit">Falta su nombre</button> },
          { text: "Correo", targetId: "root_email" },
        ]}
      />,
    );
    const items = [...container.querySelectorAll("li")];
    expect(items[0]?.querySelector("button")?.textContent).toBe("Falta su nombre");
    expect(items[0]?.querySelector("a")).toBeNull();
    expect(items[1]?.querySelector("a")?.getAttribute("href")).toBe("#root_email");
    expect(container.querySelector("h2")?.textContent).toBe("Hay un problema");
  });
});
