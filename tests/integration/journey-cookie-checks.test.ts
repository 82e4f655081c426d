import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Outbox } from "../../src/outbox";
import { createWorkflowServices } from "../../src/server/workflows";
import { openTestDatabase, type TestDatabase } from "./databases";

/**
 * A journey cookie's signature is checked once per exact string, not on every request: the check
 * (Web Crypto, with the key imported again each time) was ~10 % of a screen post's time while each
 * request made its journey cookie afresh, forgetting what the last one had checked.
 */
describe("the journey cookie", () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await openTestDatabase("sqlite");
  });
  afterAll(() => test.drop());

  const outbox = { enqueue: async () => "unused", wake: () => undefined } as unknown as Outbox;

  it("is checked once per signed string, and a changed one is checked and refused", async () => {
    const services = await createWorkflowServices({
      dir: "workflows",
      db: test.db,
      secrets: ["secret"],
      outbox,
      dataKey: randomBytes(32).toString("base64"),
    });
    try {
      const workflow = services.get("demo-dog-licence");
      if (!workflow) throw new Error("demo workflow missing");
      const journey = {
        workflow: workflow.name,
        screen: "residency",
        answers: {},
        results: {},
        history: [],
        drafts: {},
      };
      const started = await services.start(workflow.name, journey, "en");
      const sent = started.cookie.split(";")[0]!;
      const verify = vi.spyOn(crypto.subtle, "verify");
      try {
        for (let i = 0; i < 3; i++) expect((await services.open(workflow.name, sent))?.id).toBe(started.id);
        expect(verify).toHaveBeenCalledTimes(1);
        // The first journey's id under another journey's signature: well formed, not genuine.
        const other = (await services.start(workflow.name, journey, "en")).cookie.split(";")[0]!;
        const changed = sent.slice(0, sent.lastIndexOf(".")) + other.slice(other.lastIndexOf("."));
        expect(await services.open(workflow.name, changed)).toBeUndefined();
        expect(verify).toHaveBeenCalledTimes(2);
      } finally {
        verify.mockRestore();
      }
    } finally {
      services.close();
    }
  });
});
