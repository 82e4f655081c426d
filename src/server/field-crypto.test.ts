import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createFieldCipher, DataKeyError, DecryptError, isSealed } from "./field-crypto";

const newKey = () => randomBytes(32).toString("base64");
const ANSWERS = JSON.stringify({ applicant: { dateOfBirth: "04/15/1980", idLastFive: "12345" } });

describe("field cipher", () => {
  it("seals a value so none of it shows, and opens it again", () => {
    const cipher = createFieldCipher(newKey());
    const sealed = cipher.seal(ANSWERS, "journeys.state:j1");
    expect(isSealed(sealed)).toBe(true);
    // Plaintext with characters base64url never produces ("/", '"'), so a match can't be chance.
    expect(sealed).not.toContain("04/15/1980");
    expect(sealed).not.toContain('"idLastFive":"12345"');
    expect(sealed).toContain(`:${cipher.keyId}:`);
    expect(cipher.open(sealed, "journeys.state:j1")).toBe(ANSWERS);
  });

  it("uses a fresh IV each time", () => {
    const cipher = createFieldCipher(newKey());
    expect(cipher.seal(ANSWERS, "c")).not.toBe(cipher.seal(ANSWERS, "c"));
  });

  it("reads values stored before encryption as they are", () => {
    const cipher = createFieldCipher(newKey());
    expect(cipher.open(ANSWERS, "journeys.state:j1")).toBe(ANSWERS);
    expect(cipher.needsReseal(ANSWERS)).toBe(true);
  });

  it("opens values sealed with a previous key after rotation, and seals with the new one", () => {
    const oldKey = newKey();
    const before = createFieldCipher(oldKey);
    const sealed = before.seal(ANSWERS, "submissions.answers:j1");
    const after = createFieldCipher(newKey(), [oldKey]);
    expect(after.open(sealed, "submissions.answers:j1")).toBe(ANSWERS);
    expect(after.needsReseal(sealed)).toBe(true);
    const resealed = after.seal(ANSWERS, "submissions.answers:j1");
    expect(after.needsReseal(resealed)).toBe(false);
    expect(() => before.open(resealed, "submissions.answers:j1")).toThrow(DecryptError);
  });

  it("refuses a value moved to another row or tampered with", () => {
    const cipher = createFieldCipher(newKey());
    const sealed = cipher.seal(ANSWERS, "journeys.state:j1");
    expect(() => cipher.open(sealed, "journeys.state:j2")).toThrow(DecryptError);
    const parts = sealed.split(":");
    const body = Buffer.from(parts[5]!, "base64url");
    body[0] = (body[0] ?? 0) ^ 1;
    parts[5] = body.toString("base64url");
    expect(() => cipher.open(parts.join(":"), "journeys.state:j1")).toThrow(DecryptError);
    expect(() => cipher.open("enc:v1:nokey", "journeys.state:j1")).toThrow(DecryptError);
  });

  it("names a key that is unknown without printing any key", () => {
    const sealed = createFieldCipher(newKey()).seal(ANSWERS, "c");
    const key = newKey();
    try {
      createFieldCipher(key).open(sealed, "c");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DecryptError);
      expect(String(error)).toMatch(/neither DATA_KEY nor in DATA_KEYS_PREVIOUS/);
      expect(String(error)).not.toContain(key);
    }
  });

  it("refuses keys that are not 32 bytes", () => {
    expect(() => createFieldCipher("c2hvcnQ=")).toThrow(DataKeyError);
    expect(() => createFieldCipher(newKey(), ["c2hvcnQ="])).toThrow(/DATA_KEYS_PREVIOUS\[0\]/);
  });

  it("seals bytes (an uploaded file) bound to where they are kept, and opens them with a rotated key", () => {
    const old = newKey();
    const file = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(2048)]);
    const sealed = createFieldCipher(old).sealBytes(file, "uploads:u1");
    expect(sealed.includes(Buffer.from("%PDF"))).toBe(false);
    const rotated = createFieldCipher(newKey(), [old]);
    expect(rotated.openBytes(sealed, "uploads:u1").equals(file)).toBe(true);
    expect(() => rotated.openBytes(sealed, "uploads:u2")).toThrow(DecryptError);
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1] = (tampered[tampered.length - 1] ?? 0) ^ 1;
    expect(() => rotated.openBytes(tampered, "uploads:u1")).toThrow(DecryptError);
    expect(() => rotated.openBytes(Buffer.from("not sealed"), "uploads:u1")).toThrow(DecryptError);
  });
});
