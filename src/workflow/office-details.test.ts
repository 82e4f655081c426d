import { describe, expect, it } from "vitest";
import { readContent } from "../content-service/load";
import { renderTextBlock } from "../domain/text-block";
import { petsWorkflow } from "./fixtures";
import { lintWorkflow } from "./lint";
import { bindOfficeDetails, officeDirectory, officeValue } from "./office-details";
import { parseWorkflow } from "./parse";

const directory = officeDirectory(readContent("content").docs);

function withBlock(block: Record<string, unknown>) {
  const file = petsWorkflow() as unknown as { nodes: { data: { config: Record<string, unknown> } }[] };
  const first = file.nodes[0];
  if (first) first.data.config.content = [block];
  return file;
}

describe("office details from content/", () => {
  it("reads an agency's details in both languages, and the site's", () => {
    expect(officeValue(directory, { type: "content", agency: "auditor", field: "location.email" })).toBe(
      "auditor@cedarport.gov",
    );
    expect(officeValue(directory, { type: "content", agency: "auditor", field: "title" })).toEqual({
      en: "Office of the County Auditor",
      es: "Oficina del Auditor del Condado",
    });
    expect(
      officeValue(directory, { type: "content", agency: "auditor", field: "location.fullAddress" }),
    ).toBe("200 E. Market Street, Suite 841, Cedarport, IN 46204");
    expect(officeValue(directory, { type: "content", field: "phones.outside" })).toBe("(555) 010-3110");
    expect(
      officeValue(directory, { type: "content", agency: "auditor", field: "location.hours2" }),
    ).toMatchObject({
      es: "Ventanilla de ayuda con deducciones abierta hasta las 4 p.m.",
    });
    expect(officeValue(directory, { type: "content", agency: "nobody", field: "title" })).toBeUndefined();
  });

  it("binds the values when a workflow is loaded, so rendering needs no content", () => {
    const block = {
      kind: "alert",
      title: { en: "Write to {office}", es: "Escriba a la {office}" },
      message: { en: "At {email}.", es: "A {email}." },
      replace: {
        office: { type: "content", agency: "auditor", field: "title" },
        email: { type: "content", agency: "auditor", field: "location.email" },
      },
    };
    const workflow = parseWorkflow(withBlock(block), "pets.json");
    expect(bindOfficeDetails(workflow, directory)).toEqual([]);
    const bound = workflow.screens[0]?.content[0];
    if (bound?.kind !== "alert") throw new Error("expected the alert");
    expect(renderTextBlock("Escriba a la {office}", bound.replace, { now: new Date(), locale: "es" })).toBe(
      "Escriba a la Oficina del Auditor del Condado",
    );
  });

  it("refuses a workflow naming a detail that does not exist", () => {
    const block = {
      kind: "text",
      text: { en: "{x}", es: "{x}" },
      replace: { x: { type: "content", agency: "auditor", field: "location.emial" } },
    };
    const workflow = parseWorkflow(withBlock(block), "pets.json");
    expect(bindOfficeDetails(workflow, directory).map((p) => p.detail)).toEqual([
      'no text "location.emial" in content/agencies/auditor.yaml',
    ]);
    expect(
      lintWorkflow(withBlock(block), "pets.json", { offices: directory })
        .filter((p) => p.rule === "office-details")
        .map((p) => p.message),
    ).toEqual(['no text "location.emial" in content/agencies/auditor.yaml: the text would show a gap']);
  });

  it("lint refuses e-mail addresses, phone numbers and street addresses written out", () => {
    const block = {
      kind: "text",
      text: {
        en: "Email deductions@cedarport.gov, call (555) 010-3110 or visit 200 E Washington St.",
        es: "Escriba a deductions@cedarport.gov.",
      },
    };
    const messages = lintWorkflow(withBlock(block), "pets.json")
      .filter((p) => p.rule === "office-details")
      .map((p) => `${p.path.slice(-1)[0]}: ${p.message.split(":")[0]}`);
    expect(messages).toEqual([
      'en: an e-mail address is written out ("deductions@cedarport.gov")',
      'en: a phone number is written out ("(555) 010-3110")',
      'en: a street address is written out ("200 E Washington St")',
      'es: an e-mail address is written out ("deductions@cedarport.gov")',
    ]);
  });
});
