import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { compileStandalone } from "./compile";
import { loadStandaloneValidators, validateCompiled } from "./compiled";
import { type Locale, validateAnswers } from "./index";

/** Rules across two answers of one screen, with the catalogue's messages naming the other answer. */
const NOW = new Date("2026-03-15T17:00:00Z");
const dir = mkdtempSync(join(tmpdir(), "cross-field-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const event = {
  type: "object",
  properties: {
    startDate: { type: "string", format: "us-date" },
    endDate: { type: "string", format: "us-date", dateOnOrAfterField: "/startDate" },
    startTime: { type: "string", format: "time-of-day" },
    endTime: { type: "string", format: "time-of-day", timeAfterField: "/startTime" },
    guests: { type: "integer" },
    chairs: { type: "integer", minimumField: "/guests" },
    budget: { type: "integer", format: "cents" },
    spend: { type: "integer", format: "cents", maximumField: "/budget" },
    account: { type: "string" },
    confirmAccount: { type: "string", matchesField: "/account" },
    period: {
      type: "object",
      properties: {
        from: { type: "string", format: "us-date", dateOnOrBeforeField: "#/endDate" },
      },
    },
  },
};

const messages = (answers: object, locale: Locale = "en") =>
  validateAnswers(event, answers, { locale, now: NOW }).map(({ path, message }) => [path, message]);

describe("rules across fields", () => {
  it("passes answers in the right order, and equal ends where the rule allows it", () => {
    expect(
      messages({
        startDate: "03/01/2026",
        endDate: "03/01/2026",
        startTime: "9:00 AM",
        endTime: "5 p.m.",
        guests: 10,
        chairs: 10,
        budget: 10000,
        spend: 9999,
        account: "000123456",
        confirmAccount: "000123456",
        period: { from: "02/01/2026" },
      }),
    ).toEqual([]);
  });

  it("names the other answer in the catalogue's message, in both languages", () => {
    const wrong = {
      startDate: "03/10/2026",
      endDate: "3/9/2026",
      startTime: "14:30",
      endTime: "2:30 PM",
      guests: 1200,
      chairs: 10,
      budget: 10000,
      spend: 10001,
      account: "000123456",
      confirmAccount: "000123465",
      period: { from: "03/20/2026" },
    };
    expect(messages(wrong)).toEqual([
      ["/endDate", "The date must be on or after 03/10/2026."],
      ["/endTime", "The time must be after 2:30 PM."],
      ["/chairs", "This number is too small. Try a number of at least 1,200."],
      ["/spend", "This number is too big. Try not to go over $100.00"],
      ["/confirmAccount", "Entered values do not match."],
      ["/period/from", "The date must be on or before 03/09/2026."],
    ]);
    expect(messages(wrong, "es").map(([, message]) => message)).toEqual([
      "La fecha debe ser igual o posterior al 03/10/2026.",
      "La hora debe ser posterior a las 2:30 PM.",
      "Este número es demasiado pequeño. Escriba un número de al menos 1,200.",
      "Este número es demasiado grande. Intente no pasar de $100.00",
      "Los valores ingresados no coinciden.",
      "La fecha debe ser igual o anterior al 03/09/2026.",
    ]);
  });

  it("leaves a comparison to the other field's own rules while that answer is missing or unreadable", () => {
    expect(messages({ endDate: "03/01/2026", endTime: "9:00 AM", chairs: 1 })).toEqual([]);
    expect(
      messages({ startDate: "soon", endDate: "03/01/2026", startTime: "25:00", endTime: "9:00 AM" }),
    ).toEqual([
      ["/startDate", "Please enter a valid date in the format mm/dd/yyyy."],
      ["/startTime", "Please enter a valid time, for example 2:30 PM."],
    ]);
  });

  it("gives the browser's ahead-of-time validators the same rules and messages", async () => {
    const file = join(dir, "validators.mjs");
    writeFileSync(file, compileStandalone({ event }));
    const { event: validate } = loadStandaloneValidators(await import(pathToFileURL(file).href));
    if (!validate) throw new Error("no validator");
    const errors = validateCompiled(
      validate,
      { startDate: "03/10/2026", endDate: "03/09/2026" },
      { locale: "en", now: NOW, schema: event },
    );
    expect(errors.map((error) => error.message)).toEqual(["The date must be on or after 03/10/2026."]);
  });
});
