import { join } from "node:path";
import { openDatabase } from "../db/database";
import { ConfigError, readConfig } from "./config";
import { createFieldCipher } from "./field-crypto";
import { resealAll } from "./reseal";

/**
 * `npm run data-key:reseal`: after rotating DATA_KEY (the old key moved to DATA_KEYS_PREVIOUS),
 * re-seal every stored answer with the new key. Reads the same settings as the site.
 */
process.umask(0o077);
try {
  const config = readConfig();
  const db = await openDatabase({ url: config.databaseUrl, file: join(config.dataDir, "cedarport.sqlite") });
  const cipher = createFieldCipher(config.dataKey, config.previousDataKeys);
  try {
    const counts = await resealAll(db, cipher);
    for (const [column, n] of Object.entries(counts)) console.log(`${column}: ${n} re-sealed`);
    console.log(`Every value now opens with key ${cipher.keyId} (DATA_KEY).`);
  } finally {
    await db.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
