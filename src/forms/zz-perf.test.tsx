import { renderToString } from "react-dom/server";
import { it } from "vitest";
import { kitchenSink, kitchenSinkInvalidAnswers } from "./theme/examples";
import { formDataToAnswers } from "./theme/form-data";
import { ScreenForm } from "./theme/ScreenForm";
import { validateAnswers } from "./validation/index";
it("perf", () => {
  const ex = kitchenSink("en");
  const now = new Date();
  let t = performance.now();
  validateAnswers(ex.schema, kitchenSinkInvalidAnswers, { locale: "en", now });
  console.log("first compile+validate ms", performance.now() - t);
  const body = new URLSearchParams("root_applicant_firstName=Ana&root_amount=12.50&root_properties__count=2&root_services=&root_services=Mortgage");
  const times: number[] = [];
  for (let i = 0; i < 500; i++) { t = performance.now(); const a = formDataToAnswers(ex.schema, body); validateAnswers(ex.schema, a, { locale: "es", now }); times.push(performance.now() - t); }
  times.sort((a, b) => a - b);
  console.log("parse+validate p50", times[250], "p99", times[495]);
  const r: number[] = [];
  for (let i = 0; i < 50; i++) { t = performance.now(); renderToString(<ScreenForm schema={ex.schema} uiSchema={ex.uiSchema} formData={kitchenSinkInvalidAnswers} locale="en" action="/x" />); r.push(performance.now() - t); }
  r.sort((a, b) => a - b);
  console.log("ssr p50", r[25], "p99", r[49]);
});
