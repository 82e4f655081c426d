import { describe, expect, it } from "vitest";
import { bucketOf, currentStatus, DEFAULT_STATUSES, statusesOf, statusIdsIn, statusLabel } from "./statuses";

const declared = {
  statuses: [
    { id: "received", label: { en: "Received", es: "Recibida" } },
    { id: "scheduled", label: { en: "Check scheduled", es: "Revisión programada" } },
    { id: "done", label: { en: "Done", es: "Hecha" }, final: true },
  ],
};

describe("statuses", () => {
  it("are the defaults unless the service declares its own", () => {
    expect(statusesOf({})).toBe(DEFAULT_STATUSES);
    expect(statusesOf(declared).map((s) => s.id)).toEqual(["received", "scheduled", "done"]);
  });

  it("start at the first; a status never changed is the first", () => {
    expect(currentStatus(declared, null).id).toBe("received");
    expect(currentStatus({}, null).id).toBe("received");
    expect(statusLabel(currentStatus({}, "needs-information"), "es")).toBe("Se necesita información");
  });

  it("keep a status the file no longer declares under its own name", () => {
    expect(currentStatus(declared, "in-review")).toEqual({ id: "in-review", label: "in-review" });
  });

  it("fall into the inbox's tabs: the first is new, final ones done, the rest in progress", () => {
    expect(bucketOf(declared, currentStatus(declared, null))).toBe("new");
    expect(bucketOf(declared, currentStatus(declared, "scheduled"))).toBe("in-progress");
    expect(bucketOf(declared, currentStatus(declared, "done"))).toBe("done");
    expect(statusIdsIn({}, "done")).toEqual(["approved", "denied", "closed"]);
    expect(statusIdsIn({}, "in-progress")).toEqual(["in-review", "needs-information"]);
  });
});
