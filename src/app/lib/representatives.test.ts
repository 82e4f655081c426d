import { describe, expect, it } from "vitest";
import { lookupPlan, representativesHref, representativesParams } from "./representatives";

const plan = (query: string) => lookupPlan(representativesParams(new URLSearchParams(query)));

describe("find my representatives: what it looks up", () => {
  it("shows just the form before anything is sent", () => {
    expect(plan("")).toEqual({ action: "none" });
    expect(plan("lang=es")).toEqual({ action: "none" });
  });

  it("looks up an address, or a parcel number in any format the county writes", () => {
    expect(plan("address=1418+N+Cedar+Ave")).toEqual({ action: "address", query: "1418 N Cedar Ave" });
    expect(plan("address=Cedar+Ave")).toEqual({ action: "address", query: "Cedar Ave" });
    expect(plan("address=100-0002")).toEqual({ action: "parcel", parcelNumber: "1000002" });
    expect(plan("address=49-01-07-000-002.000-101")).toEqual({ action: "parcel", parcelNumber: "1000002" });
    // A chosen address's link carries its parcel, which wins over the box.
    expect(plan("address=Cedar+Ave&parcel=1000002")).toEqual({ action: "parcel", parcelNumber: "1000002" });
  });

  it("answers bad input with a message, never a search", () => {
    expect(plan("address=")).toEqual({ action: "error", error: "empty" });
    expect(plan("address=+++")).toEqual({ action: "error", error: "empty" });
    expect(plan(`address=${"a".repeat(101)}`)).toEqual({ action: "error", error: "tooLong" });
    expect(plan(`address=${"9".repeat(500)}`)).toEqual({ action: "error", error: "tooLong" });
    for (const symbols of ["%25", "_", "%25%25__", encodeURIComponent("🏠🔑"), "--"])
      expect(plan(`address=${symbols}`), symbols).toEqual({ action: "error", error: "noWords" });
    expect(plan("address=1418")).toEqual({ action: "error", error: "noStreet" });
  });

  it("searches SQL-looking text as the text it is (it matches no address)", () => {
    expect(plan(`address=${encodeURIComponent("' OR 1=1 --")}`)).toEqual({
      action: "address",
      query: "' OR 1=1 --",
    });
  });

  it("says a hand-edited parcel link names no parcel", () => {
    expect(plan("parcel=abc")).toEqual({ action: "noParcel", parcel: "abc" });
    expect(plan(`parcel=${"x".repeat(300)}`)).toEqual({ action: "noParcel", parcel: "x".repeat(30) });
  });

  it("builds the address of a choice, keeping the language", () => {
    expect(representativesHref({ parcel: "1000002", lang: "es" })).toBe(
      "/find-my-representatives?parcel=1000002&lang=es",
    );
    expect(representativesHref({})).toBe("/find-my-representatives");
  });
});
