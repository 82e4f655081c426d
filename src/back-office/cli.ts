import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { openDatabase } from "../db/database";
import { migrate } from "../db/migrate";
import { ConfigError, readConfig } from "../server/config";
import { createFieldCipher } from "../server/field-crypto";
import { loadWorkflows } from "../workflow/registry";
import {
  disableAccount,
  forgetIdentity,
  listAccounts,
  MIN_PASSWORD_LENGTH,
  normalizeEmail,
  saveAccount,
} from "./accounts";
import { newTotpSecret, totpUri } from "./totp";

/**
 * `npm run staff -- <command>`: staff accounts of the embedded sign-in, on the site's database.
 *
 *   add <email> --services homestead-deduction-application,property-appeal   staff of those services
 *   add <email> --admin                                                      every service, the audit log
 *   add <email> … --no-password                                              signs in through the city's identity provider only
 *   list                                                                     accounts, roles, services
 *   disable <email>                                                          signs them out at once
 *   unlink <email>                                                           forgets the identity provider's person linked to it
 *
 * The password is typed twice (hidden), or read from standard input when it is not a terminal
 * (`printf '%s\n' "$PASSWORD" | npm run staff -- add …`); `--generate` makes and prints one.
 * Running `add` for an existing account replaces its password, role and services and unlocks it.
 * `--totp` turns on two-step sign-in: it prints the key to add to an authenticator app.
 *
 * With the city's identity provider (STAFF_OIDC_ISSUER), the provider checks who someone is and
 * the account says what they may open: `--no-password` makes (or turns an account into) one that
 * signs in only that way. The first such sign-in links the provider's subject to the account;
 * `unlink` forgets it, for when the provider has given the address to someone else.
 */
const USAGE = `usage: npm run staff -- add <email> (--services <name,name…> | --admin) [--generate] [--totp] [--no-password]
       npm run staff -- list
       npm run staff -- disable <email>
       npm run staff -- unlink <email>`;

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const lines = createInterface({ input: process.stdin });
    for await (const line of lines) return line;
    return "";
  }
  const ask = async (prompt: string) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    // Echo nothing while the password is typed.
    const muted = rl as unknown as { _writeToOutput: (s: string) => void };
    process.stdout.write(prompt);
    muted._writeToOutput = () => {};
    const answer = await rl.question("");
    rl.close();
    process.stdout.write("\n");
    return answer;
  };
  const first = await ask("Password: ");
  if ((await ask("Again: ")) !== first) throw new Error("the two passwords differ");
  return first;
}

async function main(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      services: { type: "string" },
      admin: { type: "boolean" },
      generate: { type: "boolean" },
      totp: { type: "boolean" },
      "no-password": { type: "boolean" },
    },
  });
  const [command, typed] = positionals;
  const email = typed && normalizeEmail(typed);
  const config = readConfig();
  const file = join(config.dataDir, "cedarport.sqlite");
  const db = await openDatabase({ url: config.databaseUrl, file });
  // Which site's accounts these are: the CLI must run with the site's own DATA_DIR (or
  // DATABASE_URL), or it changes another database than the one the site reads.
  console.error(`Staff accounts in ${config.databaseUrl ? databaseName(config.databaseUrl) : file}`);
  try {
    await migrate(db);
    if (command === "list") {
      for (const a of await listAccounts(db))
        console.log(
          `${a.email}\t${a.role}\t${a.role === "admin" ? "(every service)" : a.services.join(",")}${a.twoStep ? "\ttwo-step" : ""}${a.hasPassword ? "" : "\tno password"}${a.identityLinked ? "\tlinked" : ""}${a.disabled ? "\tdisabled" : ""}`,
        );
      return;
    }
    if (command === "disable" && email) {
      if (!(await disableAccount(db, email, new Date()))) throw new Error(`no account ${email}`);
      console.log(`${email} is disabled and signed out.`);
      return;
    }
    if (command === "unlink" && email) {
      if (!(await forgetIdentity(db, email))) throw new Error(`no account ${email}`);
      console.log(`${email}: the next sign-in through the identity provider links the account again.`);
      return;
    }
    if (command !== "add" || !email || (!values.admin && !values.services)) throw new Error(USAGE);
    const noPassword = values["no-password"] === true;
    if (noPassword && (values.generate || values.totp))
      throw new Error("--no-password: the identity provider checks who signs in (no --generate, no --totp)");
    const services = (values.services ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const { workflows } = await loadWorkflows(config.workflowsDir, { contentDir: config.contentDir });
    const unknown = services.filter((s) => !workflows.has(s));
    if (unknown.length) throw new Error(`no such service: ${unknown.join(", ")} (see workflows/)`);
    // 120 random bits in 20 characters.
    const password = noPassword
      ? null
      : values.generate
        ? randomBytes(15).toString("base64url")
        : await readPassword();
    if (password !== null && password.length < MIN_PASSWORD_LENGTH)
      throw new Error(`a password needs at least ${MIN_PASSWORD_LENGTH} characters`);
    const totpSecret = values.totp ? newTotpSecret() : undefined;
    await saveAccount(
      db,
      {
        email,
        password,
        role: values.admin ? "admin" : "staff",
        services,
        ...(totpSecret ? { totpSecret } : {}),
      },
      new Date(),
      createFieldCipher(config.dataKey, config.previousDataKeys),
    );
    console.log(
      noPassword
        ? `${email} can sign in at /staff through the city's identity provider (STAFF_OIDC_ISSUER).`
        : `${email} can sign in at /staff${values.generate ? ` with the password ${password}` : ""}.`,
    );
    if (totpSecret)
      console.log(
        `Two-step sign-in: add this key to an authenticator app (or open the address on the phone):\n  ${totpSecret}\n  ${totpUri(totpSecret, email)}`,
      );
  } finally {
    await db.close();
  }
}

process.umask(0o077);
try {
  await main(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exitCode = 1;
}

/** A PostgreSQL address without its credentials: "postgres://db.example:5432/cedarport". */
function databaseName(url: string): string {
  try {
    const { protocol, host, pathname } = new URL(url);
    return `${protocol}//${host}${pathname}`;
  } catch {
    return "the database of DATABASE_URL";
  }
}
