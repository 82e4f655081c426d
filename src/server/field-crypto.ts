import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * Residents' answers at rest (journeys' state, submissions' answers and result): AES-256-GCM with
 * the key from DATA_KEY. A stored value is an envelope that names the key it was sealed with,
 *
 *   enc:v1:<key id>:<iv>:<tag>:<ciphertext>        (base64url parts)
 *
 * so keys can be rotated: seal with the current key, open with the current or any previous one
 * (DATA_KEYS_PREVIOUS). The key id is a hash of the key, not the key. Values written before
 * encryption (plain JSON, which never starts with "enc:") are returned as they are.
 *
 * Each value is bound to where it is stored (`context`, e.g. "journeys.state:<id>") as GCM's
 * additional data: a sealed blob copied into another row does not open there.
 */
const PREFIX = "enc:v1:";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class DataKeyError extends Error {}

/** The key could not open a value (wrong or missing key, or the value was tampered with). */
export class DecryptError extends Error {}

export interface FieldCipher {
  /** The id of the key new values are sealed with. */
  readonly keyId: string;
  seal(plain: string, context: string): string;
  open(stored: string, context: string): string;
  /** Sealed with a key other than the current one, or not sealed at all: worth re-sealing. */
  needsReseal(stored: string): boolean;
  /** The same for bytes (an uploaded file): `FILE_MAGIC`, the key id, iv, tag, then the ciphertext. */
  sealBytes(plain: Buffer, context: string): Buffer;
  openBytes(sealed: Buffer, context: string): Buffer;
}

/** How a sealed file starts: "cpf1" and the 8-character key id, then the iv and the tag. */
const FILE_MAGIC = Buffer.from("cpf1", "ascii");
const KEY_ID_CHARS = 8;

function parseKey(base64: string, name: string): Buffer {
  const key = Buffer.from(base64.trim(), "base64");
  if (key.length !== 32)
    throw new DataKeyError(
      `${name} must be 32 random bytes in base64 (openssl rand -base64 32); this one is ${key.length} bytes`,
    );
  return key;
}

const keyIdOf = (key: Buffer) =>
  createHash("sha256").update("cedarport data key\0").update(key).digest("base64url").slice(0, 8);

export const isSealed = (stored: string) => stored.startsWith(PREFIX);

export function createFieldCipher(currentKey: string, previousKeys: readonly string[] = []): FieldCipher {
  const current = parseKey(currentKey, "DATA_KEY");
  const keyId = keyIdOf(current);
  const keys = new Map<string, Buffer>();
  previousKeys.forEach((k, i) => {
    const key = parseKey(k, `DATA_KEYS_PREVIOUS[${i}]`);
    keys.set(keyIdOf(key), key);
  });
  keys.set(keyId, current);

  const encrypt = (plain: Buffer, context: string) => {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", current, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, "utf8"));
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return { iv, tag: cipher.getAuthTag(), body };
  };
  const decrypt = (id: string, iv: Buffer, tag: Buffer, body: Buffer, context: string): Buffer => {
    const key = keys.get(id);
    if (!key)
      throw new DecryptError(
        `a value was sealed with key ${id}, which is neither DATA_KEY nor in DATA_KEYS_PREVIOUS`,
      );
    try {
      const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, "utf8"));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]);
    } catch {
      throw new DecryptError(`a value sealed with key ${id} did not open (tampered, or stored elsewhere)`);
    }
  };

  return {
    keyId,
    seal(plain, context) {
      const { iv, tag, body } = encrypt(Buffer.from(plain, "utf8"), context);
      return `${PREFIX}${keyId}:${iv.toString("base64url")}:${tag.toString("base64url")}:${body.toString("base64url")}`;
    },
    open(stored, context) {
      if (!isSealed(stored)) return stored;
      const [id, iv, tag, body] = stored.slice(PREFIX.length).split(":");
      if (id === undefined || iv === undefined || tag === undefined || body === undefined)
        throw new DecryptError("a sealed value is malformed");
      const b64 = (part: string) => Buffer.from(part, "base64url");
      return decrypt(id, b64(iv), b64(tag), b64(body), context).toString("utf8");
    },
    needsReseal: (stored) => !stored.startsWith(`${PREFIX}${keyId}:`),
    sealBytes(plain, context) {
      const { iv, tag, body } = encrypt(plain, context);
      return Buffer.concat([FILE_MAGIC, Buffer.from(keyId, "ascii"), iv, tag, body]);
    },
    openBytes(sealed, context) {
      const header = FILE_MAGIC.length + KEY_ID_CHARS + IV_BYTES + TAG_BYTES;
      if (sealed.length < header || !sealed.subarray(0, FILE_MAGIC.length).equals(FILE_MAGIC))
        throw new DecryptError("a sealed file is malformed");
      const ivAt = FILE_MAGIC.length + KEY_ID_CHARS;
      const id = sealed.subarray(FILE_MAGIC.length, ivAt).toString("ascii");
      const iv = sealed.subarray(ivAt, ivAt + IV_BYTES);
      const tag = sealed.subarray(ivAt + IV_BYTES, header);
      return decrypt(id, iv, tag, sealed.subarray(header), context);
    },
  };
}
