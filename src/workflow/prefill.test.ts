import { describe, expect, it } from "vitest";
import mailingFile from "../../workflows/change-mailing-address.json";
import bidFile from "../../workflows/get-bid-packet.json";
import { editedPets } from "./fixtures";
import { formDataFor, startJourney } from "./journey";
import { parseWorkflow } from "./parse";
import { acceptedPrefillParams, prefillDrafts, prefillParams, prefillProblems } from "./prefill";
import type { WorkflowFile } from "./types";
import { validateAnswers as validate } from "./validate-port";

const opts = { validate, locale: "en" as const, now: new Date("2026-06-01T16:00:00Z") };
const bids = parseWorkflow(bidFile as unknown as WorkflowFile, "get-bid-packet.json");
const query = (q: string) => new URLSearchParams(q);

describe("starting a service with an answer (prefill)", () => {
  it("fills the declared field as a draft: the form shows it, nothing is answered", () => {
    const drafts = prefillDrafts(bids, query("bid=ITB-2026-0142"), opts);
    expect(drafts).toEqual({ "find-bid": { query: "ITB-2026-0142" } });
    const journey = { ...startJourney(bids), drafts };
    expect(journey.answers).toEqual({});
    expect(journey.screen).toBe("find-bid");
    expect(formDataFor(journey, "find-bid", bids)).toEqual({ query: "ITB-2026-0142" });
  });

  it("reads only declared parameters, never another field named in the address", () => {
    expect(prefillParams(bids, query("query=x&bid=1&root_query=y&lang=es"))).toEqual({ bid: "1" });
    expect(prefillDrafts(bids, query("query=x&find-bid.query=y"), opts)).toEqual({});
  });

  it("leaves out a value the field's schema refuses, without an error", () => {
    expect(prefillDrafts(bids, query(`bid=${"9".repeat(201)}`), opts)).toEqual({});
    expect(prefillDrafts(bids, query("bid=%20%20"), opts)).toEqual({});
  });

  it("carries on only the parameters whose value was filled in (the first screen's form action)", () => {
    const mailing = parseWorkflow(mailingFile as unknown as WorkflowFile, "change-mailing-address.json");
    expect(acceptedPrefillParams(mailing, query("parcel=1000002&lang=es"), opts)).toEqual({
      parcel: "1000002",
    });
    // Refused by the field's schema (too long, only spaces): filled nowhere, so carried nowhere.
    expect(acceptedPrefillParams(bids, query(`bid=${"9".repeat(201)}`), opts)).toEqual({});
    expect(acceptedPrefillParams(bids, query("bid=%20%20"), opts)).toEqual({});
    // Every accepted parameter is one prefillDrafts filled in, with the same value.
    const q = query("bid=ITB-2026-0142&other=1");
    expect(acceptedPrefillParams(bids, q, opts)).toEqual({ bid: "ITB-2026-0142" });
    expect(prefillDrafts(bids, q, opts)).toEqual({ "find-bid": { query: "ITB-2026-0142" } });
  });

  it("fills the first item of a repeated screen", () => {
    const mailing = parseWorkflow(mailingFile as unknown as WorkflowFile, "change-mailing-address.json");
    expect(prefillDrafts(mailing, query("parcel=1000002"), opts)).toEqual({
      "find-properties": [{ query: "1000002" }],
    });
  });

  it("checks the value as the field would (a format): a bad one is simply not filled", () => {
    const pets = parseWorkflow(
      editedPets((file) => {
        file.data.config = {
          ...file.data.config,
          prefill: { email: "details.email" },
        } as typeof file.data.config;
      }),
      "pets.json",
    );
    expect(prefillDrafts(pets, query("email=owner@example.com"), opts)).toEqual({
      details: { email: "owner@example.com" },
    });
    expect(prefillDrafts(pets, query("email=not-an-address"), opts)).toEqual({});
    expect(acceptedPrefillParams(pets, query("email=not-an-address"), opts)).toEqual({});
    expect(acceptedPrefillParams(pets, query("email=owner@example.com"), opts)).toEqual({
      email: "owner@example.com",
    });
  });

  it("names what a declaration cannot fill, for workflow check", () => {
    const pets = parseWorkflow(
      editedPets((file) => {
        file.data.config = {
          ...file.data.config,
          prefill: { a: "nowhere.x", b: "details.nope", c: "details.age", d: "done.x" },
        } as typeof file.data.config;
      }),
      "pets.json",
    );
    expect(prefillProblems(pets).map((p) => p.param)).toEqual(["a", "b", "c", "d"]);
    expect(prefillDrafts(pets, query("a=1&b=1&c=3&d=1"), opts)).toEqual({});
    expect(prefillProblems(bids)).toEqual([]);
  });
});
