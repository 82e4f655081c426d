import { expect, it } from "vitest";
import { validateAnswers } from "./index";
import { compileStandalone } from "./compile";
it("smoke", async () => {
  const schema = { type: "object", required: ["a", "b"], properties: { a: { type: "string", format: "us-date", dateOnOrAfter: { years: -3 } }, b: { type: "string", "x-required-na": true } } };
  const r = validateAnswers(schema, { a: "01/01/2020" }, { locale: "en", now: new Date("2026-03-15T12:00:00Z") });
  console.log(r);
  const code = compileStandalone({ s: schema });
  console.log(code.slice(0, 600));
});
