import { existsSync } from "node:fs";

/**
 * What an integration suite needs besides Node: the production build, PostgreSQL. On a developer's
 * machine a suite whose need is missing is skipped, with a warning that says how to run it; in CI
 * (CI set, as .ci/run does) the test file fails instead, so a build that was not made or a database
 * that did not start can never pass as a green run with tests quietly left out.
 */
export const inCi = Boolean(process.env.CI) && process.env.CI !== "false";

/** `available`, or a warning (false) on a developer's machine, or an error in CI. */
export function required(available: boolean, missing: string, suite: string): boolean {
  if (available) return true;
  if (inCi)
    throw new Error(`${missing}: ${suite} must run in CI, and cannot (CI is set, so this is a failure).`);
  console.warn(`\n  ${missing}: ${suite} SKIPPED.\n`);
  return false;
}

/** Whether the production build is there (a test starts the built server), as `required` says. */
export function builtSite(suite: string): boolean {
  return required(existsSync("build/server/index.js"), "No production build (run `npm run build`)", suite);
}
