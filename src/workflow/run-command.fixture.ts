import { format } from "node:util";
import { vi } from "vitest";
import { workflowCommand } from "./commands";

/**
 * Runs `npm run workflow -- <args>` in the test's own process (a child process would load tsx and
 * the engine again, seconds each) and gives its exit code and what it printed, as the terminal
 * would show it. cli.test.ts checks the real command line once.
 */
export async function runWorkflowCommand(
  ...args: string[]
): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const spies = [
    vi.spyOn(console, "log").mockImplementation((...values: unknown[]) => {
      out += `${format(...values)}\n`;
    }),
    vi.spyOn(console, "error").mockImplementation((...values: unknown[]) => {
      err += `${format(...values)}\n`;
    }),
    vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      out += String(chunk);
      return true;
    }),
  ];
  try {
    return { code: await workflowCommand(args), out, err };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}
