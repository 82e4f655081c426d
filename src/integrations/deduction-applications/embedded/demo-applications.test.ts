import { describe, expect, it } from "vitest";
import { isReference } from "../../../workflow/reference";
import { DEMO_PARCELS } from "../../property-records/embedded/demo-parcels";
import { APPLICATION_STATUSES } from "../application";
import { DEMO_APPLICATIONS } from "./demo-applications";

describe("DEMO_APPLICATIONS", () => {
  it("use references the status tool accepts, each once", () => {
    const references = DEMO_APPLICATIONS.map((d) => d.application.reference);
    for (const reference of references) expect(isReference(reference)).toBe(true);
    expect(new Set(references).size).toBe(references.length);
  });

  it("show every status, each history starting with Received in time order", () => {
    const finals = DEMO_APPLICATIONS.map((d) => d.history[d.history.length - 1]?.status);
    expect(new Set(finals)).toEqual(new Set(APPLICATION_STATUSES));
    for (const { application, history } of DEMO_APPLICATIONS) {
      expect(history[0]?.status).toBe("Received");
      expect(history[0]?.changedAt.slice(0, 10)).toBe(application.dateApplied);
      const times = history.map((h) => h.changedAt);
      expect(times).toEqual([...times].sort());
    }
  });

  it("sit on the demo parcels, at their addresses", () => {
    const parcels = new Map(Object.values(DEMO_PARCELS).map((p) => [p.parcelNumber, p]));
    for (const { application } of DEMO_APPLICATIONS) {
      expect(application.address).toEqual(parcels.get(application.parcelNumber)?.address);
    }
    expect(
      DEMO_APPLICATIONS.some(
        (d) => d.application.parcelNumber === DEMO_PARCELS.firstTimeHomeowner.parcelNumber,
      ),
    ).toBe(false);
  });
});
