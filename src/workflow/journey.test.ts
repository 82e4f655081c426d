import { describe, expect, it, vi } from "vitest";
import demoFile from "../../workflows/demo-dog-licence.json";
import { checkAnswersRows } from "./check-answers";
import { renderContent } from "./content";
import { editedPets, node, petsWorkflow } from "./fixtures";
import { IntegrationRedirect, IntegrationRefusal, type Integrations } from "./integrations";
import {
  answerAndCall,
  answerScreen,
  answersOnPath,
  changeAnswer,
  formDataFor,
  goBack,
  type Journey,
  pathOf,
  progressOf,
  restoreJourney,
  saveDraft,
  startJourney,
  statusOf,
  submitJourney,
  validateWholeJourney,
  visitScreen,
} from "./journey";
import { parseWorkflow } from "./parse";
import { isReference } from "./reference";
import { requireScreen } from "./screens";
import type { Workflow } from "./types";
import { validateAnswers as validate } from "./validate-port";

const now = new Date("2026-06-01T16:00:00Z");
const en = { validate, now, locale: "en" as const };
const pets = parseWorkflow(petsWorkflow(), "pets.json");

function answer(workflow: Workflow, journey: Journey, screen: string, data: unknown): Journey {
  const result = answerScreen(workflow, journey, screen, data, en);
  if (!result.ok) throw new Error(`${screen}: ${JSON.stringify(result.errors)}`);
  return result.journey;
}

/** A pets journey on check-answers: has a pet, Rex aged 3. */
function toCheck(): Journey {
  let journey = startJourney(pets);
  journey = answer(pets, journey, "start", { hasPet: true });
  return answer(pets, journey, "details", { name: "Rex", age: 3, email: "owner@example.com" });
}

const submitter = (result: unknown = { requestId: "R-1" }) => {
  const call = vi.fn<Integrations["call"]>(() => Promise.resolve(result));
  return { integrations: { call } satisfies Integrations, call };
};

describe("a journey", () => {
  it("starts on the start screen with nothing answered, as plain JSON", () => {
    const journey = startJourney(pets);
    expect(journey).toEqual({
      workflow: "pets",
      screen: "start",
      answers: {},
      results: {},
      history: [],
      drafts: {},
    });
    expect(JSON.parse(JSON.stringify(journey))).toEqual(journey);
  });

  it("refuses invalid answers with the validator's errors and keeps what was typed", () => {
    let journey = answer(pets, startJourney(pets), "start", { hasPet: true });
    const result = answerScreen(pets, journey, "details", { name: "Rex", age: "three" }, en);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.reason).toBe("invalid");
    expect(result.errors).toEqual([
      { path: "/age", message: "Make sure you only use numbers here.", keyword: "type" },
    ]);
    expect(result.journey.screen).toBe("details");
    expect(formDataFor(result.journey, "details")).toEqual({ name: "Rex", age: "three" });
    journey = answer(pets, result.journey, "details", { name: "Rex", age: 3 });
    expect(journey.screen).toBe("check");
    expect(journey.drafts).toEqual({});
  });

  it("stores only the fields the screen declares", () => {
    let journey = answer(pets, startJourney(pets), "start", { hasPet: true, admin: true });
    journey = answer(pets, journey, "details", { name: "Rex", age: 3, price: { cents: 1 } });
    expect(journey.answers).toEqual({ start: { hasPet: true }, details: { name: "Rex", age: 3 } });
  });

  it("lets the resident answer a screen again after the browser's Back button", () => {
    const journey = answer(pets, toCheck(), "start", { hasPet: false });
    expect(journey.screen).toBe("no-pets");
    expect(statusOf(pets, journey)).toBe("exited");
  });

  it("refuses a screen the answers do not lead to yet, and screens that ask nothing", () => {
    const early = answerScreen(pets, startJourney(pets), "details", { name: "Rex", age: 3 }, en);
    expect(early).toMatchObject({ ok: false, reason: "not-on-path" });
    expect(answerScreen(pets, toCheck(), "check", {}, en)).toMatchObject({
      ok: false,
      reason: "not-a-question",
    });
    expect(answerScreen(pets, toCheck(), "nope", {}, en)).toMatchObject({
      ok: false,
      reason: "unknown-screen",
    });
  });

  it("goes back keeping the answers, and opens screens already on the path", () => {
    const journey = goBack(pets, toCheck());
    expect(journey.screen).toBe("details");
    expect(formDataFor(journey, "details")).toEqual({ name: "Rex", age: 3, email: "owner@example.com" });
    expect(visitScreen(pets, journey, "start", { now })).toMatchObject({
      ok: true,
      journey: { screen: "start" },
    });
    expect(visitScreen(pets, journey, "senior", { now })).toMatchObject({ ok: false, reason: "not-on-path" });
  });

  it("changes an answer from check-answers and comes back", () => {
    const changing = changeAnswer(pets, toCheck(), "details", { now });
    expect(changing).toMatchObject({ ok: true, journey: { screen: "details", returnTo: "check" } });
    if (!changing.ok) return;
    const journey = answer(pets, changing.journey, "details", { name: "Max", age: 5 });
    expect(journey.screen).toBe("check");
    expect(changeAnswer(pets, journey, "senior", { now })).toMatchObject({
      ok: false,
      reason: "not-on-path",
    });
  });

  it("replays the path from the answers and leaves a branch no longer taken out", () => {
    let journey = answer(pets, startJourney(pets), "start", { hasPet: true });
    journey = answer(pets, journey, "details", { name: "Rex", age: 12 });
    journey = answer(pets, journey, "senior", { vet: "Dr. Paws" });
    expect(pathOf(pets, journey, { now })).toEqual({
      screens: ["start", "details", "senior", "check"],
      current: "check",
      loop: false,
    });
    journey = answer(pets, journey, "details", { name: "Rex", age: 2 });
    expect(pathOf(pets, journey, { now }).screens).toEqual(["start", "details", "check"]);
    expect(Object.keys(journey.answers)).toContain("senior");
    expect(Object.keys(answersOnPath(pets, journey, { now }))).toEqual(["start", "details"]);
  });

  it("stops the replay on a loop", () => {
    const looping = parseWorkflow(
      editedPets((f) => {
        const config = node(f, "senior").data.config;
        if (config) config.next = [{ to: "details" }];
      }),
      "pets.json",
    );
    const journey: Journey = {
      ...startJourney(looping),
      answers: { start: { hasPet: true }, details: { name: "Rex", age: 12 }, senior: {} },
    };
    expect(pathOf(looping, journey, { now })).toEqual({
      screens: ["start", "details", "senior"],
      current: "senior",
      loop: true,
    });
  });

  it("shows no step counter on a service whose length depends on the answers", () => {
    // pets asks "senior" only for older pets: a count would jump (service-kind.test.ts).
    expect(progressOf(pets, startJourney(pets), { now })).toBeNull();
    expect(progressOf(pets, toCheck(), { now })).toBeNull();
  });
});

describe("integration calls", () => {
  const withCalls = parseWorkflow(
    editedPets((f) => {
      const details = node(f, "details").data.config;
      const senior = node(f, "senior").data.config;
      if (!details || !senior) return;
      details.call = {
        integration: "lookup",
        operation: "pet-register",
        params: { name: { field: "details.name" } },
      };
      details.next = [
        { to: "no-pets", when: { field: "details.$result.banned", equals: true } },
        ...(details.next ?? []),
      ];
      senior.schema = {
        type: "object",
        required: ["card"],
        properties: {
          card: { type: "string", writeOnly: true, minLength: 4, title: { en: "Card", es: "Tarjeta" } },
        },
      };
      senior.call = {
        integration: "pay",
        operation: "charge",
        params: { card: { field: "senior.card" }, amount: 500 },
      };
    }),
    "pets.json",
  );
  const started = answer(withCalls, startJourney(withCalls), "start", { hasPet: true });

  it("calls the screen's integration with resolved params and branches on its result", async () => {
    const { integrations, call } = submitter({ banned: true });
    const result = await answerAndCall(
      withCalls,
      started,
      "details",
      { name: "Rex", age: 3 },
      { ...en, integrations },
    );
    expect(call).toHaveBeenCalledWith(
      "lookup",
      "pet-register",
      { name: "Rex" },
      { start: { hasPet: true }, details: { name: "Rex", age: 3 } },
      { workflow: "pets", screen: "details", locale: "en" },
    );
    expect(result).toMatchObject({
      ok: true,
      journey: { screen: "no-pets", results: { details: { banned: true } } },
    });
  });

  it("does not call the integration when the answers are invalid", async () => {
    const { integrations, call } = submitter();
    const result = await answerAndCall(
      withCalls,
      started,
      "details",
      { name: "Rex" },
      { ...en, integrations },
    );
    expect(result.ok).toBe(false);
    expect(call).not.toHaveBeenCalled();
  });

  it("hands writeOnly fields to the call and never keeps them", async () => {
    const { integrations: lookup } = submitter({ banned: false });
    const atDetails = await answerAndCall(
      withCalls,
      started,
      "details",
      { name: "Rex", age: 12 },
      { ...en, integrations: lookup },
    );
    if (!atDetails.ok) throw new Error("details");
    const { integrations, call } = submitter({ paid: true });
    const paid = await answerAndCall(
      withCalls,
      atDetails.journey,
      "senior",
      { card: "4111111111111111" },
      { ...en, integrations },
    );
    expect(call.mock.calls[0]?.[2]).toEqual({ card: "4111111111111111", amount: 500 });
    expect(paid).toMatchObject({ ok: true, journey: { screen: "check" } });
    expect(JSON.stringify(paid.journey)).not.toContain("4111");

    const short = answerScreen(withCalls, atDetails.journey, "senior", { card: "411" }, en);
    expect(short.ok).toBe(false);
    expect(JSON.stringify(short.journey)).not.toContain("411");

    const refusing: Integrations = {
      call: () =>
        Promise.reject(
          new IntegrationRefusal([{ path: "", message: "Your payment has been declined.", keyword: "pay" }]),
        ),
    };
    const declined = await answerAndCall(
      withCalls,
      atDetails.journey,
      "senior",
      { card: "4000000000000002" },
      { ...en, integrations: refusing },
    );
    expect(declined).toMatchObject({ ok: false, reason: "invalid", journey: { screen: "senior" } });
    if (!declined.ok) expect(declined.errors[0]?.message).toBe("Your payment has been declined.");

    // The card is gone from the stored answers, so re-validation at submit must not ask for it.
    expect(validateWholeJourney(withCalls, paid.journey, en)).toEqual({ ok: true, errors: [] });
  });
});

describe("sending", () => {
  it("re-validates every screen on the path and refuses answers it did not check", () => {
    const journey = toCheck();
    expect(validateWholeJourney(pets, journey, en)).toEqual({ ok: true, errors: [] });
    const forged: Journey = {
      ...journey,
      answers: { ...journey.answers, details: { name: "Rex", age: -4 } },
    };
    expect(validateWholeJourney(pets, forged, en).errors).toEqual([
      expect.objectContaining({ screen: "details", path: "/age", keyword: "minimum" }),
    ]);
    const skipped: Journey = { ...journey, answers: { start: { hasPet: true } } };
    expect(validateWholeJourney(pets, skipped, en).errors).toEqual([
      expect.objectContaining({ screen: "details", path: "", keyword: "journey" }),
    ]);
  });

  it("sends once, with a reference, and returns the same reference when sent again", async () => {
    const { integrations, call } = submitter();
    const sent = await submitJourney(pets, toCheck(), { ...en, integrations });
    if (!sent.ok) throw new Error(JSON.stringify(sent.errors));
    expect(isReference(sent.reference)).toBe(true);
    expect(sent.journey).toMatchObject({ screen: "done", submission: { reference: sent.reference } });
    expect(call).toHaveBeenCalledWith(
      "submit",
      "pets",
      { name: "Rex", reference: sent.reference },
      { start: { hasPet: true }, details: { name: "Rex", age: 3, email: "owner@example.com" } },
      { workflow: "pets", screen: "check", locale: "en", reference: sent.reference },
    );
    const again = await submitJourney(pets, sent.journey, { ...en, integrations });
    expect(again).toMatchObject({ ok: true, reference: sent.reference, repeated: true });
    expect(call).toHaveBeenCalledTimes(1);
    expect(goBack(pets, sent.journey).screen).toBe("done");
    expect(answerScreen(pets, sent.journey, "start", { hasPet: true }, en)).toMatchObject({
      reason: "finished",
    });
  });

  it("does not send invalid answers, or from a screen other than check-answers", async () => {
    const { integrations, call } = submitter();
    const forged: Journey = { ...toCheck(), answers: { start: { hasPet: true }, details: { name: "" } } };
    expect(await submitJourney(pets, forged, { ...en, integrations })).toMatchObject({
      ok: false,
      reason: "invalid",
    });
    expect(await submitJourney(pets, startJourney(pets), { ...en, integrations })).toMatchObject({
      ok: false,
      reason: "not-ready",
    });
    expect(call).not.toHaveBeenCalled();
  });
});

describe("sending with questions of its own (a declaration, a card)", () => {
  const paying = parseWorkflow(
    editedPets((file) => {
      const check = node(file, "check").data;
      check.config = {
        ...check.config,
        schema: {
          type: "object",
          required: ["agree", "card"],
          properties: {
            agree: { type: "boolean", const: true, title: { en: "I agree", es: "Acepto" } },
            card: { type: "string", writeOnly: true, minLength: 4, title: { en: "Card", es: "Tarjeta" } },
          },
        },
        call: {
          integration: "pay",
          operation: "pay",
          params: { card: { field: "check.card" }, name: { field: "details.name" } },
        },
      };
    }),
    "pets.json",
  );
  const declined = new IntegrationRefusal([
    { path: "", message: "Your payment has been declined.", keyword: "pay" },
  ]);

  it("checks them, gives writeOnly ones to the call only, and keeps the rest", async () => {
    const { integrations, call } = submitter({ paid: true });
    const journey = toCheck();
    const refused = await submitJourney(paying, journey, { ...en, integrations, data: { card: "41" } });
    expect(refused).toMatchObject({ ok: false, reason: "invalid" });
    if (refused.ok) return;
    expect(refused.errors.map((e) => [e.screen, e.path])).toEqual([
      ["check", "/agree"],
      ["check", "/card"],
    ]);
    expect(call).not.toHaveBeenCalled();
    const sent = await submitJourney(paying, journey, {
      ...en,
      integrations,
      data: { agree: true, card: "4111111111111111" },
    });
    if (!sent.ok) throw new Error(JSON.stringify(sent.errors));
    expect(call.mock.calls[0]?.[2]).toMatchObject({ card: "4111111111111111", name: "Rex" });
    expect(sent.journey).toMatchObject({ screen: "done", answers: { check: { agree: true } } });
    expect(JSON.stringify(sent.journey)).not.toContain("4111");
    expect(sent.journey.reserved).toBeUndefined();
  });

  it("reserves the reference before calling, and tries again with the same one after a refusal", async () => {
    const reserve = vi.fn(() => Promise.resolve());
    const call = vi.fn<Integrations["call"]>(() => Promise.reject(declined));
    const data = { agree: true, card: "4000000000000002" };
    const first = await submitJourney(paying, toCheck(), { ...en, integrations: { call }, data, reserve });
    expect(first).toMatchObject({ ok: false, errors: [{ screen: "check", path: "", keyword: "pay" }] });
    const reference = first.journey.reserved;
    expect(isReference(reference)).toBe(true);
    expect(reserve).toHaveBeenCalledWith(expect.objectContaining({ reserved: reference }));
    expect(call.mock.calls[0]?.[4]).toMatchObject({ reference });
    expect(first.journey.drafts.check).toEqual({ agree: true });
    expect(JSON.stringify(first.journey)).not.toContain("4000");

    // Back to an earlier screen and forward again: the reservation stays with the journey.
    const back = goBack(paying, first.journey);
    const restored = restoreJourney(paying, JSON.parse(JSON.stringify(back)), { now });
    expect(restored?.reserved).toBe(reference);

    call.mockImplementation(() => Promise.resolve({ paid: true }));
    const second = await submitJourney(paying, first.journey, {
      ...en,
      integrations: { call },
      data,
      reserve,
    });
    expect(second).toMatchObject({ ok: true, reference });
    expect(reserve).toHaveBeenCalledTimes(1);
  });

  it("follows a call that sends the resident elsewhere, and makes it again when they are back", async () => {
    const page = "https://checkout.example/c/pay/cs_1";
    const call = vi.fn<Integrations["call"]>(() => Promise.reject(new IntegrationRedirect(page)));
    const data = { agree: true, card: "4111111111111111" };
    const opts = { ...en, integrations: { call }, data, returnPath: "/workflow/pets/check?returned=1" };
    const away = await submitJourney(paying, toCheck(), opts);
    expect(away).toMatchObject({ ok: false, reason: "redirect", url: page, errors: [] });
    expect(away.journey).toMatchObject({ screen: "check", away: true, drafts: { check: { agree: true } } });
    expect(call.mock.calls[0]?.[4]).toMatchObject({ returnPath: "/workflow/pets/check?returned=1" });
    expect(call.mock.calls[0]?.[4]).not.toHaveProperty("returned");
    // Stored and read back (or moved about meanwhile), the journey is still away, on the same attempt.
    const stored = restoreJourney(paying, JSON.parse(JSON.stringify(goBack(paying, away.journey))), { now });
    expect(stored).toMatchObject({ away: true, reserved: away.journey.reserved });

    // Back without paying: the call says so, and the journey is no longer away.
    call.mockImplementation(() => Promise.reject(declined));
    const back = { ...opts, returned: true };
    const unpaid = await submitJourney(paying, away.journey, back);
    expect(call.mock.calls[1]?.[4]).toMatchObject({ returned: true, reference: away.journey.reserved });
    expect(unpaid).toMatchObject({ ok: false, reason: "invalid", errors: [{ path: "", keyword: "pay" }] });
    expect(unpaid.journey.away).toBeUndefined();

    // `returned` means nothing to a journey that was not sent away.
    call.mockImplementation(() => Promise.reject(new IntegrationRedirect(page)));
    const again = await submitJourney(paying, unpaid.journey, back);
    expect(call.mock.calls[2]?.[4]).not.toHaveProperty("returned");
    expect(again).toMatchObject({ ok: false, reason: "redirect" });

    call.mockImplementation(() => Promise.resolve({ paid: true }));
    const paid = await submitJourney(paying, again.journey, back);
    expect(paid).toMatchObject({ ok: true, reference: away.journey.reserved });
    expect(paid.journey).toMatchObject({ screen: "done", answers: { check: { agree: true } } });
    expect(paid.journey.away).toBeUndefined();
  });
});

describe("restoreJourney", () => {
  it("refuses what is not a journey of this workflow", () => {
    expect(restoreJourney(pets, null)).toBeUndefined();
    expect(restoreJourney(pets, { ...toCheck(), workflow: "cats" })).toBeUndefined();
  });

  it("drops unknown screens and moves a stale screen to the first one still to answer", () => {
    const stored = {
      ...toCheck(),
      screen: "senior",
      history: ["start", "gone"],
      answers: { ...toCheck().answers, gone: {} },
    };
    const journey = restoreJourney(pets, JSON.parse(JSON.stringify(stored)), { now });
    expect(journey).toMatchObject({ screen: "check", history: ["start", "details"] });
    expect(Object.keys(journey?.answers ?? {})).toEqual(["start", "details"]);
  });

  it("cuts a tampered or oversized state down to what its screens may store", () => {
    let deep: unknown = "x";
    for (let i = 0; i < 3_000; i++) deep = { a: deep };
    const stored = {
      ...toCheck(),
      answers: { ...toCheck().answers, details: { name: "Rex", age: 3, extra: deep } },
      drafts: { details: deep, start: { hasPet: true, card: "4111111111111111" } },
      results: { details: deep },
    };
    const journey = restoreJourney(pets, stored, { now });
    expect(journey?.answers.details).toEqual({ name: "Rex", age: 3 });
    expect(journey?.drafts).toEqual({ details: {}, start: { hasPet: true } });
    expect(journey?.results).toEqual({});
    expect(journey?.screen).toBe("check");
  });
});

describe("saveDraft (save and come back later)", () => {
  it("keeps only the declared fields of a screen on the path, and opens it", () => {
    const saved = saveDraft(
      pets,
      toCheck(),
      "details",
      { name: "Max", isAdmin: true, age: { a: 1 } },
      { now },
    );
    expect(saved.ok).toBe(true);
    expect(saved.journey.screen).toBe("details");
    expect(saved.journey.drafts).toEqual({ details: { name: "Max" } });
    expect(saved.journey.answers).toEqual(toCheck().answers);
  });

  it("stores nothing for a screen off the path, unknown, or not a question", () => {
    const fresh = startJourney(pets);
    for (const screen of ["details", "no-such-screen", "check", "__proto__"]) {
      const saved = saveDraft(pets, fresh, screen, { name: "Max" }, { now });
      expect(saved.ok).toBe(false);
      expect(saved.journey).toBe(fresh);
    }
  });
});

describe("check-answers rows and content of the demo", () => {
  const demo = parseWorkflow(demoFile, "workflows/demo-dog-licence.json");
  const journey: Journey = {
    ...startJourney(demo),
    screen: "check-answers",
    answers: {
      residency: { livesInCedarport: true },
      applicant: {
        firstName: "Ana",
        lastName: "Ruiz",
        dateOfBirth: "04/15/1980",
        address1: "1 Main St",
        city: "Cedarport",
        state: "IN",
        zip: "46201",
        phone: "317-555-0100",
        email: "ana@example.com",
      },
      dogs: [
        {
          name: "Rex",
          breed: "Boxer",
          sex: "male",
          dateOfBirth: "01/01/2020",
          neutered: false,
          rabiesVaccinated: "01/01/2026",
        },
      ],
      donation: { amount: 123456 },
      declaration: { agree: true, signedBy: "Ana Ruiz", signedOn: "06/01/2026" },
    },
  };

  it("labels each answer as the resident said it, with where to change it", () => {
    const rows = checkAnswersRows(demo, journey, "en", { now });
    const row = (key: string, screen: string) => rows.find((r) => r.key === key && r.screen === screen);
    expect(row("/livesInCedarport", "residency")).toMatchObject({
      label: "Do you live in Cedarport?",
      value: "Yes",
      changeTo: "residency",
    });
    expect(row("/0/sex", "dogs")).toMatchObject({ label: "Dog 1: Sex", value: "Male" });
    expect(row("/0/neutered", "dogs")?.value).toBe("No");
    expect(row("/amount", "donation")?.value).toBe("$1,234.56");
    expect(row("/address2", "applicant")?.value).toBe("Not provided");
    expect(rows.some((r) => r.screen === "senior-rate")).toBe(false);
  });

  it("speaks Spanish", () => {
    const rows = checkAnswersRows(demo, journey, "es", { now });
    expect(rows.find((r) => r.key === "/0/sex")).toMatchObject({ label: "Perro 1: Sexo", value: "Macho" });
    expect(rows.find((r) => r.key === "/livesInCedarport")?.value).toBe("Sí");
  });

  it("fills the confirmation's text from the answers", () => {
    const confirmation = requireScreen(demo, "confirmation");
    const [text, alert] = renderContent(confirmation, journey, "es", now);
    expect(text).toEqual({ kind: "text", html: "<p>Hemos enviado una confirmación a ana@example.com.</p>" });
    expect(alert).toMatchObject({
      kind: "alert",
      alertType: "info",
      title: "Qué sucede después",
      allowClose: false,
    });
  });
});
