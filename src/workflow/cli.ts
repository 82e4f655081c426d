/** `npm run workflow -- <command>`: the commands are in commands.ts. */
import { workflowCommand } from "./commands";

workflowCommand(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
