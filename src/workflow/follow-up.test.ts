import { describe, expect, it, vi } from "vitest";
import { editedParcels, node, parcelsWorkflow } from "./fixtures";
import { IntegrationRefusal, type Integrations } from "./integrations";
import { answerAndCall, answerScreen, type Journey, startJourney, submitJourney } from "./journey";
import { lintWorkflow } from "./lint";
import { parseWorkflow, readWorkflow } from "./parse";
import { isReference } from "./reference";
import { validateAnswers as validate } from "./validate-port";

const now = new Date("2026-06-01T16:00:00Z");
const parcels = parseWorkflow(parcelsWorkflow(), "parcels.json");
const FOUND = { parcels: [{ number: "A", address: "1 Main St" }] };

async function onCheck(): Promise<Journey> {
  const found = await answerAndCall(
    parcels,
    startJourney(parcels),
    "find",
    { query: "Main" },
    {
      validate,
      now,
      locale: "en",
      integrations: { call: () => Promise.resolve(FOUND) },
    },
  );
  if (!found.ok) throw new Error("lookup failed");
  const picked = answerScreen(
    parcels,
    found.journey,
    "pick",
    { parcel: "A" },
    { validate, now, locale: "en" },
  );
  if (!picked.ok) throw new Error("pick failed");
  return picked.journey;
}

/** A submit that answers like the server's, and a case system that records what it was asked. */
function backOffice(submitResult: (params: Record<string, unknown>) => unknown) {
  const call = vi.fn<Integrations["call"]>((name, _operation, params) =>
    Promise.resolve(name === "submit" ? submitResult(params) : { status: "Received" }),
  );
  return { integrations: { call } satisfies Integrations, call };
}

describe("follow-up calls on check-answers", () => {
  it("run after the submit call, with its reference and its result", async () => {
    const { integrations, call } = backOffice((params) => ({
      requestId: "REQ-1",
      reference: params.reference,
    }));
    const sent = await submitJourney(parcels, await onCheck(), { validate, now, locale: "en", integrations });
    expect(sent.ok).toBe(true);
    if (!sent.ok) return;
    expect(call.mock.calls.map(([name, operation]) => `${name}.${operation}`)).toEqual([
      "submit.parcels",
      "cases.create",
    ]);
    const [, , params, answers, context] = call.mock.calls[1] ?? [];
    expect(params).toEqual({ requestId: "REQ-1", parcel: "A", reference: sent.reference });
    expect(answers).toEqual({ find: { query: "Main" }, pick: { parcel: "A" } });
    expect(context).toMatchObject({ workflow: "parcels", screen: "check", reference: sent.reference });
    // The follow-up's result is not the screen's: the confirmation reads the submit's.
    expect(sent.journey.results.check).toEqual({ requestId: "REQ-1", reference: sent.reference });

    // Sending again calls nothing.
    const again = await submitJourney(parcels, sent.journey, { validate, now, locale: "en", integrations });
    expect(again.ok && again.repeated).toBe(true);
    expect(call).toHaveBeenCalledTimes(2);
  });

  it("use the reference a store gives back for a journey it already held", async () => {
    const { integrations, call } = backOffice(() => ({ requestId: "REQ-1", reference: "HRWT96AF" }));
    const sent = await submitJourney(parcels, await onCheck(), { validate, now, locale: "en", integrations });
    expect(sent.ok && sent.reference).toBe("HRWT96AF");
    expect(sent.journey.submission).toEqual({ reference: "HRWT96AF", sentAt: now.toISOString() });
    expect(call.mock.calls[1]?.[2]).toMatchObject({ reference: "HRWT96AF" });
    // Anything that is not a reference is not taken for one.
    const odd = backOffice(() => ({ reference: "not one" }));
    const other = await submitJourney(parcels, await onCheck(), {
      validate,
      now,
      locale: "en",
      integrations: odd.integrations,
    });
    expect(other.ok && isReference(other.reference) && other.reference !== "not one").toBe(true);
  });

  it("leave the journey unsent when one refuses, so that sending again retries", async () => {
    let refuse = true;
    const call = vi.fn<Integrations["call"]>((name, _operation, params) => {
      if (name === "cases" && refuse) {
        return Promise.reject(
          new IntegrationRefusal([{ path: "", message: "Case system busy", keyword: "busy" }]),
        );
      }
      return Promise.resolve({ requestId: "REQ-1", reference: params.reference });
    });
    const journey = await onCheck();
    const failed = await submitJourney(parcels, journey, {
      validate,
      now,
      locale: "en",
      integrations: { call },
    });
    expect(failed).toMatchObject({
      ok: false,
      reason: "invalid",
      errors: [{ screen: "check", path: "", message: "Case system busy", keyword: "busy" }],
    });
    expect(failed.journey.submission).toBeUndefined();
    refuse = false;
    const retried = await submitJourney(parcels, journey, {
      validate,
      now,
      locale: "en",
      integrations: { call },
    });
    expect(retried.ok && retried.journey.screen).toBe("done");
  });

  it("are allowed on check-answers only, with params, and linted like the submit call", () => {
    const onQuestion = editedParcels((f) => {
      const config = node(f, "pick").data.config;
      if (config) config.followUp = [{ integration: "cases", operation: "create", params: {} }];
    });
    expect(readWorkflow(onQuestion, "parcels.json").problems[0]?.message).toBe(
      'config is malformed: "followUp" is not allowed on a question screen',
    );
    const withoutParams = editedParcels((f) => {
      const config = node(f, "check").data.config;
      if (config) config.followUp = [{ integration: "cases", operation: "create" } as never];
    });
    expect(readWorkflow(withoutParams, "parcels.json").problems[0]).toMatchObject({
      message: "params missing",
      path: ["nodes", 2, "data", "config", "followUp", 0, "params"],
    });
    const unknownField = editedParcels((f) => {
      const config = node(f, "check").data.config;
      if (config?.followUp?.[0]) config.followUp[0].params.parcel = { field: "pick.parcels" };
    });
    expect(lintWorkflow(unknownField, "parcels.json").map((p) => p.message)).toEqual([
      'parameter on an unknown field "pick.parcels": screen "pick" has no field "parcels"',
    ]);
  });
});

describe("IntegrationRefusal", () => {
  it("is recognised across copies of the module (the server bundle and the integrations it loads)", () => {
    const copy = Object.assign(new Error("No match"), {
      errors: [{ path: "/query", message: "No match", keyword: "lookup" }],
      [Symbol.for("cedarport.workflow.IntegrationRefusal")]: true,
    });
    expect(copy instanceof IntegrationRefusal).toBe(true);
    expect(new IntegrationRefusal([]) instanceof IntegrationRefusal).toBe(true);
    expect(new Error("x") instanceof IntegrationRefusal).toBe(false);
    expect((null as unknown) instanceof IntegrationRefusal).toBe(false);
  });
});
