import { describe, expect, it } from "vitest";
import { loadWorkflows } from "../workflow/registry";
import { keepsCaseRecord } from "./back-office";

describe("which services' status changes reach another system", () => {
  it("are the deduction applications, whose submissions the auditor's case records keep", async () => {
    const { workflows } = await loadWorkflows("workflows");
    const following = [...workflows.values()].filter(keepsCaseRecord).map((w) => w.name);
    expect(following.sort()).toEqual([
      "blind-or-disabled-deduction-application",
      "disabled-veteran-deduction-application",
      "homestead-deduction-application",
      "mortgage-deduction-application",
      "over-65-deduction-application",
    ]);
    // The status search reads the case records but sends nothing to staff.
    expect(workflows.has("mortgage-deduction-search")).toBe(true);
  });
});
