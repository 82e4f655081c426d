import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openTestDatabase, type TestDatabase } from "./databases";
import { demoServices } from "./demo-services";

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

  it("is checked once per signed string, and a changed one is checked and refused", async () => {
    const { services, name, journey } = await demoServices(test.db);
    try {
      const started = await services.start(name, journey, "en");
      const sent = started.cookie.split(";")[0]!;
      const verify = vi.spyOn(crypto.subtle, "verify");
      try {
        for (let i = 0; i < 3; i++) expect((await services.open(name, sent))?.id).toBe(started.id);
        expect(verify).toHaveBeenCalledTimes(1);
        // The first journey's id under another journey's signature: well formed, not genuine.
        const other = (await services.start(name, journey, "en")).cookie.split(";")[0]!;
        const changed = sent.slice(0, sent.lastIndexOf(".")) + other.slice(other.lastIndexOf("."));
        expect(await services.open(name, changed)).toBeUndefined();
        expect(verify).toHaveBeenCalledTimes(2);
      } finally {
        verify.mockRestore();
      }
    } finally {
      services.close();
    }
  });
});
