/**
 * `workflow new <name>`: the files of a new service that works as it is — one question, check your
 * answers (sending through the built-in submit), a confirmation — and its two recordings, so that
 * staff start from something that passes `workflow check` and replays, and change it step by step.
 *
 * `scaffoldService` only makes the files' contents (pure, tested); `writeScaffold` writes them and
 * refuses to replace anything.
 */

import { constants } from "node:fs";
import { access, mkdir, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { jsonText } from "./json-text";
import { MAP_ALL_COMMAND } from "./map-files";
import type { Recording } from "./replay";
import type { WorkflowFile } from "./types";

export interface ScaffoldOptions {
  /** The service's name: its file name and web address (lower-case letters, digits, single hyphens). */
  name: string;
  titleEn?: string;
  titleEs?: string;
  /** The day of the recordings, yyyy-mm-dd. */
  now: string;
}

/** A file to write, its path relative to the workflows folder. */
export interface ScaffoldFile {
  path: string;
  text: string;
}

// The same rule as "name" in schemas/workflow.schema.json.
const NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const NAME_MAX = 80;

/** Why `name` cannot be a service's name, in one sentence; undefined when it can. */
export function serviceNameProblem(name: string | undefined): string | undefined {
  if (!name) return "give the new service a name: npm run workflow -- new <name>";
  if (name.length > NAME_MAX)
    return `"${name}" is too long for a service name (at most ${NAME_MAX} characters)`;
  if (!NAME.test(name)) {
    return `"${name}" cannot be a service name: use lower-case letters, digits and single hyphens, like dog-licence`;
  }
  return undefined;
}

/** "dog-licence" → "Dog licence": the title when none is given. */
function titleFromName(name: string): string {
  const text = name.replace(/-/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const QUESTION = "details";
const FIELD = "fullName";

function workflowFile(name: string, title: { en: string; es: string }): WorkflowFile {
  return {
    $schema: "../schemas/workflow.schema.json",
    type: "graph_composite",
    name,
    data: { id: name, type: "workflow", config: { title, start: QUESTION } },
    nodes: [
      {
        type: "graph_composite",
        name: QUESTION,
        data: {
          id: `${name}-${QUESTION}`,
          type: "question",
          config: {
            title: { en: "What is your full name?", es: "¿Cuál es su nombre completo?" },
            hint: {
              en: "Write it as it appears on your ID.",
              es: "Escríbalo como aparece en su identificación.",
            },
            schema: {
              type: "object",
              required: [FIELD],
              properties: {
                [FIELD]: {
                  $ref: "definitions/common.json#/$defs/name",
                  title: { en: "Full name", es: "Nombre completo" },
                },
              },
            },
            next: [{ to: "check-answers" }],
          },
        },
      },
      {
        type: "graph_composite",
        name: "check-answers",
        data: {
          id: `${name}-check-answers`,
          type: "check-answers",
          config: {
            title: "checkAnswers.title",
            buttonLabel: "common.submit",
            call: { integration: "submit", operation: name, params: { service: name } },
            next: [{ to: "confirmation" }],
          },
        },
      },
      {
        type: "graph_composite",
        name: "confirmation",
        data: {
          id: `${name}-confirmation`,
          type: "confirmation",
          config: {
            title: { en: "Application complete", es: "Solicitud completada" },
            content: [
              {
                kind: "text",
                text: {
                  en: "We have received your application. Keep your reference number: we will ask for it if you contact us about this application.",
                  es: "Hemos recibido su solicitud. Guarde su número de referencia: se lo pediremos si se comunica con nosotros sobre esta solicitud.",
                },
              },
            ],
          },
        },
      },
    ],
  };
}

function recordings(name: string, now: string): Record<string, Recording> {
  const answered = {
    screen: QUESTION,
    answers: { [FIELD]: "Maria Lopez" },
    expect: { next: "check-answers" },
  };
  const sent = { screen: "check-answers", action: "submit" as const, expect: { next: "confirmation" } };
  const end = { final: "confirmation", status: "submitted" as const };
  return {
    "happy-path": { workflow: name, locale: "en", now, steps: [answered, sent], expect: end },
    "validation-errors": {
      workflow: name,
      locale: "en",
      now,
      steps: [
        {
          screen: QUESTION,
          answers: {},
          expect: {
            errors: [{ path: `/${FIELD}`, message: "This field is required.", keyword: "required" }],
            next: QUESTION,
          },
        },
        answered,
        sent,
      ],
      expect: end,
    },
  };
}

/** The new service's files: `<name>.json` and `recordings/<name>/{happy-path,validation-errors}.json`. */
export function scaffoldService(opts: ScaffoldOptions): ScaffoldFile[] {
  const problem = serviceNameProblem(opts.name);
  if (problem) throw new Error(problem);
  const en = opts.titleEn?.trim() || titleFromName(opts.name);
  const title = { en, es: opts.titleEs?.trim() || en };
  return [
    { path: `${opts.name}.json`, text: jsonText(workflowFile(opts.name, title)) },
    ...Object.entries(recordings(opts.name, opts.now)).map(([file, recording]) => ({
      path: join("recordings", opts.name, `${file}.json`),
      text: jsonText(recording),
    })),
  ];
}

async function exists(path: string): Promise<boolean> {
  return access(path, constants.F_OK).then(
    () => true,
    () => false,
  );
}

/** Writes the files into the workflows folder `dir`; throws, writing nothing, if one already exists. */
export async function writeScaffold(dir: string, files: readonly ScaffoldFile[]): Promise<string[]> {
  for (const file of files) {
    const path = join(dir, file.path);
    if (await exists(path)) throw new Error(`${path} already exists: choose another name, or edit that file`);
  }
  const written: string[] = [];
  for (const file of files) {
    const path = join(dir, file.path);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, file.text, { flag: "wx" });
    written.push(path);
  }
  return written;
}

// ── The command ────────────────────────────────────────────────────────────────────────────────

/**
 * `workflow new <name> [--title-en "..."] [--title-es "..."] [--dir <workflows folder>]`: writes
 * the files and says what to do next. Exit code 2, with one line saying why, for a name that
 * cannot be a service's or a file that already exists.
 */
export async function newServiceCommand(
  args: string[],
  opts: { workflowsDir: string; usage: string; today: string },
): Promise<number> {
  let parsed: ReturnType<typeof parseNewArgs>;
  try {
    parsed = parseNewArgs(args);
  } catch (error) {
    console.error(`${(error as Error).message}\n${opts.usage}`);
    return 2;
  }
  const { name, titleEn, titleEs, dir } = parsed;
  const problem = serviceNameProblem(name);
  if (problem || name === undefined) {
    console.error(problem);
    return 2;
  }
  const workflowsDir = dir ? resolve(dir) : opts.workflowsDir;
  let written: string[];
  try {
    written = await writeScaffold(workflowsDir, scaffoldService({ name, titleEn, titleEs, now: opts.today }));
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  for (const file of written) console.log(`created ${shown(file)}`);
  console.log(`The service works as it is, at /workflow/${name}. Next:`);
  const inWorkflows = workflowsDir === opts.workflowsDir;
  for (const step of nextSteps(name, workflowsDir, { translated: Boolean(titleEs), inWorkflows }))
    console.log(`  - ${step}`);
  return 0;
}

/**
 * What staff do after `new`, in order, one line each. `inWorkflows`: the service is in workflows/,
 * where `record` finds it by name and the test suite asks for its map.
 */
export function nextSteps(
  name: string,
  workflowsDir: string,
  opts: { translated: boolean; inWorkflows: boolean },
): string[] {
  const file = shown(join(workflowsDir, `${name}.json`));
  const recordings = shown(join(workflowsDir, "recordings", name));
  return [
    `write its questions in ${file} (docs/workflows.md explains each part)`,
    ...(opts.translated
      ? []
      : ["translate its title: no --title-es was given, so the Spanish title is the English one"]),
    `npm run workflow -- check ${file}`,
    `npm run workflow -- record ${opts.inWorkflows ? name : file}   (a recording of every path, to start from)`,
    // They answer the sample question, so they stop replaying once it changes; record writes
    // files of its own (named after each end) and never replaces them.
    `happy-path.json and validation-errors.json in ${recordings}/ answer the sample question: once you change the screens, write them again or delete them (record never replaces them; the test suite needs one recording that is sent and one with validation errors)`,
    // docs/services/ holds the maps of workflows/ only; maps-current.test.ts fails without this one.
    ...(opts.inWorkflows
      ? [
          `${MAP_ALL_COMMAND}   (draws its map in docs/services/: the test suite fails without it; again after each change)`,
        ]
      : []),
  ];
}

function parseNewArgs(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      "title-en": { type: "string" },
      "title-es": { type: "string" },
      dir: { type: "string" },
    },
  });
  if (positionals.length > 1) throw new Error(`one name at a time, not ${positionals.join(" ")}`);
  return {
    name: positionals[0],
    titleEn: values["title-en"],
    titleEs: values["title-es"],
    dir: values.dir,
  };
}

/** A path as short as it can be said: relative to the current folder when it is inside it. */
function shown(path: string): string {
  const near = relative(process.cwd(), path);
  return near && !near.startsWith("..") ? near : path;
}
