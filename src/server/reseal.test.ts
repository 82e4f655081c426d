import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, openTestDatabase, type TestDatabase } from "../../tests/integration/databases";
import { findSubmission, storeSubmission } from "../integrations/submissions/submissions";
import { createFieldCipher } from "./field-crypto";
import { JourneyStore } from "./journey-store";
import { resealAll } from "./reseal";

const newKey = () => randomBytes(32).toString("base64");

describe.each(DATABASES)("re-sealing after a key rotation on %s", (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await openTestDatabase(kind);
  });
  afterAll(() => test.drop());

  it("moves every journey and submission to the new key, plain rows included", async () => {
    const oldKey = newKey();
    const before = createFieldCipher(oldKey);
    const journeys = new JourneyStore(test.db, before);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await journeys.create("demo", { i }, "en")).id);
    await test.db.run(
      "INSERT INTO journeys (id, workflow, state, locale, created_at, updated_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      ["plain", "demo", '{"i":9}', "en", "2026-01-01", "2026-01-01", "2999-01-01"],
    );
    await test.db.transaction((tx) =>
      storeSubmission(
        tx,
        {
          reference: "ROTATE01",
          journeyId: ids[0]!,
          workflow: "demo",
          requestId: "REQ-1",
          answers: { dateOfBirth: "04/15/1980" },
          result: { reference: "ROTATE01" },
          locale: "en",
          createdAt: "2026-01-01T00:00:00.000Z",
        },
        before,
      ),
    );

    const newer = newKey();
    const after = createFieldCipher(newer, [oldKey]);
    const counts = await resealAll(test.db, after);
    expect(counts).toMatchObject({ "journeys.state": 4, "submissions.answers": 1, "submissions.result": 1 });
    expect(await resealAll(test.db, after)).toMatchObject({ "journeys.state": 0, "submissions.answers": 0 });

    // The old key can now be dropped: everything opens with the new key alone.
    const onlyNew = createFieldCipher(newer);
    const store = new JourneyStore(test.db, onlyNew);
    expect((await store.get("plain", "demo"))?.journey).toEqual({ i: 9 });
    for (const [i, id] of ids.entries()) expect((await store.get(id, "demo"))?.journey).toEqual({ i });
    expect((await findSubmission(test.db, "ROTATE01", onlyNew))?.answers).toEqual({
      dateOfBirth: "04/15/1980",
    });
  });
});
