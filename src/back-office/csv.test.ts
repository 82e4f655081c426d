import { describe, expect, it } from "vitest";
import type { Workflow } from "../workflow/types";
import { casesCsv } from "./csv";

const workflow = {
  name: "pets",
  screens: [
    {
      name: "owner",
      type: "question",
      schema: {
        type: "object",
        properties: { name: { type: "string" }, ssn: { type: "string", "x-export": "omit" } },
      },
    },
  ],
} as unknown as Workflow;

const row = (reference: string) => ({
  reference,
  workflow: "pets",
  status: null,
  assignee: null,
  receivedAt: "2026-11-26T15:00:00.000Z",
  locale: "es",
});

describe("the CSV export", () => {
  const csv = casesCsv(
    workflow,
    [
      {
        row: row("AAAA2222"),
        status: "Recibida",
        answers: [
          {
            screen: "owner",
            changeTo: "owner",
            key: "/name",
            label: "Nombre",
            lines: ['María "Mary" López'],
            value: "",
          },
          {
            screen: "owner",
            changeTo: "owner",
            key: "/ssn",
            label: "SSN",
            lines: ["123-45-6789"],
            value: "",
          },
        ],
      },
      {
        row: row("CCCC3333"),
        status: "Recibida",
        answers: [
          {
            screen: "owner",
            changeTo: "owner",
            key: "/name",
            label: "Nombre",
            lines: ['=HYPERLINK("x")'],
            value: "",
          },
        ],
      },
    ],
    "es",
  );
  const lines = csv.replace(/^\uFEFF/, "").split("\r\n");

  it("has headings in the staff member's language, one column per question, quotes doubled", () => {
    expect(lines[0]).toBe('"Referencia","Recibida","Estado","Asignada a","Idioma","Nombre"');
    expect(lines[1]).toBe('"AAAA2222","2026-11-26T15:00:00.000Z","Recibida","","es","María ""Mary"" López"');
  });

  it("leaves out fields marked x-export omit", () => {
    expect(csv).not.toContain("123-45-6789");
    expect(csv).not.toContain("SSN");
  });

  it("never hands a spreadsheet a formula", () => {
    expect(lines[2]).toContain(`"'=HYPERLINK(""x"")"`);
  });
});
