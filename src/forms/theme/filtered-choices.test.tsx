// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { recordsWorkflow } from "../../workflow/choice-filters.fixture";
import { journeyForm } from "../../workflow/form";
import { answerScreen, type Journey, startJourney } from "../../workflow/journey";
import { parseWorkflow } from "../../workflow/parse";
import { requireScreen } from "../../workflow/screens";
import type { Locale } from "../../workflow/types";
import { validateAnswers as validate } from "../../workflow/validate-port";
import { formDataToAnswers } from "./form-data";
import { ScreenForm } from "./ScreenForm";

/**
 * Choices narrowed by an earlier answer ("filterChoices", src/workflow/choice-filters.ts) as the
 * form draws them: the same options whether the page is rendered on the server for a resident
 * without JavaScript or in the browser, as radio buttons, a drop-down or boxes to tick.
 */

afterEach(() => cleanup());

const now = new Date("2026-06-01T16:00:00Z");
const records = parseWorkflow(recordsWorkflow(), "records.json");
const kind = requireScreen(records, "kind");

function chose(agency: string, urgent = false): Journey {
  const answered = answerScreen(
    records,
    startJourney(records),
    "agency",
    { agency, urgent },
    {
      validate,
      now,
      locale: "en",
    },
  );
  if (!answered.ok) throw new Error(JSON.stringify(answered.errors));
  return answered.journey;
}

function form(journey: Journey, locale: Locale = "en", widget?: string) {
  const { schema = {}, uiSchema = {} } = journeyForm(kind, locale, journey);
  const ui = widget ? { ...uiSchema, kind: { "ui:widget": widget } } : uiSchema;
  return (
    <ScreenForm schema={schema} uiSchema={ui} formData={{}} locale={locale} action="/workflow/records/kind" />
  );
}

/** The page as the server sends it (what a resident without JavaScript gets). */
function serverHtml(journey: Journey, locale: Locale = "en", widget?: string): HTMLElement {
  const host = document.createElement("div");
  host.innerHTML = renderToString(form(journey, locale, widget));
  return host;
}

const valuesOf = (root: HTMLElement, selector: string) =>
  [...root.querySelectorAll<HTMLInputElement | HTMLOptionElement>(selector)].map((el) => el.value);

describe("choices filtered by an earlier answer, in the form", () => {
  it("shows only the radio buttons the earlier answer leaves, with and without JavaScript", () => {
    const police = chose("police");
    const server = serverHtml(police);
    const browser = render(form(police)).container;
    for (const root of [server, browser]) {
      expect(valuesOf(root, "input[type=radio][name=root_kind]")).toEqual(["police-report", "other"]);
      expect(valuesOf(root, "input[type=checkbox][name=root_copies]")).toEqual(["paper", "email"]);
    }
    const labels = [...server.querySelectorAll("input[name=root_kind] + label")].map((l) => l.textContent);
    expect(labels).toEqual(["Police report", "Other records"]);
    const spanish = serverHtml(chose("clerk"), "es");
    expect([...spanish.querySelectorAll("input[name=root_kind] + label")].map((l) => l.textContent)).toEqual([
      "Actas",
      "Otros registros",
    ]);
    // An urgent request may be rushed: the filter names only "false", so every box is offered.
    expect(valuesOf(serverHtml(chose("police", true)), "input[type=checkbox][name=root_copies]")).toEqual([
      "paper",
      "email",
      "rush",
    ]);
  });

  it("lists only the offered options in a drop-down", () => {
    const root = serverHtml(chose("unsure"), "en", "select");
    expect(valuesOf(root, "select[name=root_kind] option").filter((v) => v !== "")).toEqual([
      "certificate",
      "other",
    ]);
  });

  it("reads a forged post of a hidden choice as typed, and the engine refuses it", () => {
    const police = chose("police");
    const { schema = {} } = journeyForm(kind, "en", police);
    const answers = formDataToAnswers(schema, new URLSearchParams({ root_kind: "minutes" }));
    expect(answers).toEqual({ kind: "minutes" });
    const refused = answerScreen(records, police, "kind", answers, { validate, now, locale: "es" });
    expect(!refused.ok && refused.errors).toEqual([
      { path: "/kind", message: "Por favor, seleccione un valor.", keyword: "enum" },
    ]);
  });
});
