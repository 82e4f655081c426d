import { randomBytes } from "node:crypto";
import type { Database } from "../../src/db/database";
import type { Outbox } from "../../src/outbox";
import { createWorkflowServices } from "../../src/server/workflows";
import type { Journey } from "../../src/workflow/journey";

/** An outbox that takes nothing anywhere: these tests never send. */
const outbox = {
  enqueue: async () => "unused",
  wake: () => undefined,
  start: () => undefined,
  stop: async () => undefined,
} as unknown as Outbox;

/**
 * The workflow services on `db` with the site's workflows, without a server, and a journey not
 * begun through the demo service, to store with `services.start`.
 */
export async function demoServices(db: Database, now?: () => Date) {
  const services = await createWorkflowServices({
    dir: "workflows",
    db,
    secrets: ["secret"],
    outbox,
    dataKey: randomBytes(32).toString("base64"),
    now,
  });
  const workflow = services.get("demo-dog-licence");
  if (!workflow) throw new Error("demo workflow missing");
  const journey: Journey = {
    workflow: workflow.name,
    screen: "residency",
    answers: {},
    results: {},
    history: [],
    drafts: {},
  };
  return { services, name: workflow.name, journey };
}
