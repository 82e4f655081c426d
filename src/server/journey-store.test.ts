import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, openTestDatabase, type TestDatabase } from "../../tests/integration/databases";
import { createFieldCipher, DecryptError } from "./field-crypto";
import { JourneyStore } from "./journey-store";

const newKey = () => randomBytes(32).toString("base64");
const JOURNEY = { screen: "dogs", answers: { applicant: { dateOfBirth: "04/15/1980" } } };
const now = () => new Date("2026-06-01T12:00:00.000Z");

describe.each(DATABASES)("journey store at rest on %s", (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await openTestDatabase(kind);
  });
  afterAll(() => test.drop());

  const stateOf = async (id: string) =>
    (await test.db.all<{ state: string }>("SELECT state FROM journeys WHERE id = ?", [id]))[0]?.state;

  it("keeps a journey's answers sealed in the database", async () => {
    const store = new JourneyStore<typeof JOURNEY>(test.db, createFieldCipher(newKey()), now);
    const { id } = await store.create("demo-dog-licence", JOURNEY, "en");
    expect(await stateOf(id)).toMatch(/^enc:v1:/);
    expect(await stateOf(id)).not.toContain("04/15/1980");
    await store.save(id, { ...JOURNEY, screen: "donation" }, "es");
    expect(await stateOf(id)).not.toContain("04/15/1980");
    expect((await store.get(id, "demo-dog-licence"))?.journey).toEqual({ ...JOURNEY, screen: "donation" });
  });

  it("reads journeys saved before encryption, and seals them on their next save", async () => {
    const store = new JourneyStore<typeof JOURNEY>(test.db, createFieldCipher(newKey()), now);
    await test.db.run(
      "INSERT INTO journeys (id, workflow, state, locale, created_at, updated_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      ["legacy", "demo-dog-licence", JSON.stringify(JOURNEY), "en", "2026-05-30", "2026-05-30", "2026-06-29"],
    );
    expect((await store.get("legacy", "demo-dog-licence"))?.journey).toEqual(JOURNEY);
    await store.save("legacy", JOURNEY, "en");
    expect(await stateOf("legacy")).toMatch(/^enc:v1:/);
  });

  it("opens journeys sealed with a previous key after DATA_KEY is rotated", async () => {
    const oldKey = newKey();
    const before = new JourneyStore<typeof JOURNEY>(test.db, createFieldCipher(oldKey), now);
    const { id } = await before.create("demo-dog-licence", JOURNEY, "en");
    const after = new JourneyStore<typeof JOURNEY>(test.db, createFieldCipher(newKey(), [oldKey]), now);
    expect((await after.get(id, "demo-dog-licence"))?.journey).toEqual(JOURNEY);
    const forgotten = new JourneyStore<typeof JOURNEY>(test.db, createFieldCipher(newKey()), now);
    await expect(forgotten.get(id, "demo-dog-licence")).rejects.toBeInstanceOf(DecryptError);
  });

  it("does not open one journey's sealed state copied into another's row", async () => {
    const store = new JourneyStore<typeof JOURNEY>(test.db, createFieldCipher(newKey()), now);
    const a = await store.create("demo-dog-licence", JOURNEY, "en");
    const b = await store.create("demo-dog-licence", { ...JOURNEY, screen: "residency" }, "en");
    await test.db.run("UPDATE journeys SET state = ? WHERE id = ?", [(await stateOf(a.id)) ?? "", b.id]);
    await expect(store.get(b.id, "demo-dog-licence")).rejects.toBeInstanceOf(DecryptError);
  });
});
