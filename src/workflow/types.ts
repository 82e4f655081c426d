/**
 * Types of a workflow file and of the engine's values.
 *
 * The file types below duplicate schemas/workflow.schema.json by hand: the schema is the contract
 * for city staff (and the only thing the parser trusts), these types are how the code sees a file
 * that passed it. No schema-to-type generator is installed, so `types.test.ts` keeps the two in step:
 * every sample file there must both type-check as `WorkflowFile` and pass the schema, and every
 * sample the types reject (`@ts-expect-error`) must fail the schema too. Change both together.
 */

import type { Locale } from "../domain/localize";
import type { ContentEntry, ReplaceMap } from "../domain/text-block";
import type { CompiledTexts } from "./rich-texts";

export type { Locale };

// ── JSON ────────────────────────────────────────────────────────────────────────────────────────

export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** A location inside a JSON document: keys and array indexes, from the root. */
export type JsonPath = Array<string | number>;

/**
 * A JSON Schema. Kept structural (an object of unknown keywords) because screens carry the
 * validation catalogue's own keywords (dateOnOrAfter, minAmount, …) next to the standard ones.
 */
export type JSONSchema = { [keyword: string]: unknown };

/** A react-jsonschema-form uiSchema. */
export type UiSchema = { [key: string]: unknown };

// ── The file (mirrors schemas/workflow.schema.json) ────────────────────────────────────────────

/** A text in both languages, or a translation key of locales/{en,es}/workflow.json. */
export type Text = string | { en: string; es?: string };

export type ScreenType = "question" | "lookup" | "check-answers" | "confirmation" | "exit";

/** What a field can be compared with. Dates are mm/dd/yyyy or yyyy-mm-dd strings, or "today". */
export interface Operators {
  equals: JsonValue;
  notEquals: JsonValue;
  in: JsonValue[];
  gt: number | string;
  gte: number | string;
  lt: number | string;
  lte: number | string;
  exists: boolean;
  ageAtLeast: { years: number; on?: "today" | "endOfLastYear" };
}

export type Operator = keyof Operators;

type NoCombinator = { all?: never; any?: never; not?: never };

/** A field compared with exactly one operator (the others are `never`, as the schema's maxProperties says). */
export type Comparison = {
  [K in Operator]: { field: string } & Pick<Operators, K> & {
      [O in Exclude<Operator, K>]?: never;
    } & NoCombinator;
}[Operator];

export interface AllGuard {
  all: Guard[];
  any?: never;
  not?: never;
  field?: never;
}

export interface AnyGuard {
  any: Guard[];
  all?: never;
  not?: never;
  field?: never;
}

export interface NotGuard {
  not: Guard;
  all?: never;
  any?: never;
  field?: never;
}

export type Guard = Comparison | AllGuard | AnyGuard | NotGuard;

export interface Transition {
  to: string;
  when?: Guard;
}

/** A parameter of an integration call: a fixed value, or an answer read by its field path. */
export type CallParam = JsonValue | { field: string };

export interface IntegrationCall {
  integration: string;
  operation: string;
  params: { [name: string]: CallParam };
}

export interface Repeat {
  max: number;
  min?: number;
  itemTitle?: Text;
  addLabel?: Text;
}

export interface TextContentBlock {
  kind: "text";
  text: Text;
  replace?: ReplaceMap;
  /** Shown only when the condition holds (the same conditions as transitions). */
  when?: Guard;
  placement?: Placement;
}

/**
 * Where a block sits on a question screen: above the questions (the default) or below them,
 * before the buttons, beside the answer it concerns (a deadline next to "I will send…").
 */
export type Placement = "before-questions" | "after-questions";

export interface AlertContentBlock {
  kind: "alert";
  alertType?: "info" | "success" | "warning" | "error" | "emergency";
  title?: Text;
  message: Text | Text[];
  /** Fills `{name}` placeholders in the title and message, as in a text block. */
  replace?: ReplaceMap;
  allowClose?: boolean;
  when?: Guard;
  placement?: Placement;
}

/** One column of a table block: its header and which key of each row it shows. */
export interface TableColumn {
  header: Text;
  /** A dotted path into each row ("status", "address.line1"). */
  value: string;
  /** Texts for coded values ("homestead" → Homestead / Exención de vivienda principal). */
  labels?: { [value: string]: Text };
  /** How a value is written: as it is (default), a yyyy-mm-dd date as mm/dd/yyyy, cents as $1,234.56. */
  format?: "text" | "date" | "money";
  /**
   * The value is an address on this site ("/payments/invoices/…"): shown as a link with this text,
   * whose {key} placeholders name keys of the row ("View invoice {id}").
   */
  linkText?: Text;
}

/** A table of the rows a call returned (or an answer holds), with a text for when there are none. */
export interface TableContentBlock {
  kind: "table";
  /** A field path to a list: "search.$result.applications". */
  rows: string;
  caption?: Text;
  columns: TableColumn[];
  /** Shown instead of the table when the list is empty or missing. */
  empty: Text;
  when?: Guard;
  placement?: Placement;
}

export type ContentBlock = TextContentBlock | AlertContentBlock | TableContentBlock;

/**
 * A choice question whose options come from a lookup's result (or an answer): written in a
 * field's schema as "choicesFrom". `label` is a text whose {placeholders} name keys of each item.
 */
export interface ChoicesFrom {
  /** A field path to a list: "find-property.$result.parcels". */
  from: string;
  /** The key of each item that becomes the answer ("parcelNumber"). */
  value: string;
  label: Text;
}

/**
 * A choice question whose listed options are narrowed by an earlier answer: written in a field's
 * schema as "filterChoices", beside its "oneOf". Under `choices`, each answer of `by` (written as
 * text: "police", "true") names the options offered after it; any other answer, or none, gets
 * `otherwise`, or every option when `otherwise` is left out.
 */
export interface ChoiceFilter {
  /** The earlier answer: "<screen>.<field>" ("agency.agency"). */
  by: string;
  choices: { [answer: string]: Array<string | number | boolean> };
  otherwise?: Array<string | number | boolean>;
}

export interface ScreenConfigFile {
  title?: Text;
  hint?: Text;
  content?: ContentBlock[];
  schema?: JSONSchema;
  uiSchema?: UiSchema;
  next?: Transition[];
  call?: IntegrationCall;
  /** check-answers only: calls made after `call` succeeded, with the same reference. */
  followUp?: IntegrationCall[];
  repeat?: Repeat;
  buttonLabel?: Text;
}

export interface ScreenNodeFile {
  type: "graph_composite";
  name: string;
  data: {
    id: string;
    type: ScreenType;
    /** Defaults to {} (SPEC §3). */
    config?: ScreenConfigFile;
  };
}

export interface WorkflowConfigFile {
  title: Text;
  description?: Text;
  /** A demonstration service: left out of search outside development and tests (docs/workflows.md). */
  demo?: boolean;
  start: string;
  /** Values carried to later fields (SPEC §3 key bindings; docs/workflows.md "Prefilling"). */
  bindings?: KeyBinding[];
  /** Query parameters of the service's address that fill a field, "screen.field" (workflow prefill.ts). */
  prefill?: Record<string, string>;
  receipt?: { emailField: string };
  /** The tool where residents follow what they sent (a workflow's name): linked from the confirmation. */
  statusTool?: string;
  /** Where each submission goes besides the staff console (docs/workflows.md "Where a submission goes"). */
  delivery?: DeliveryFile;
  /** Where a submission can stand, in order, the first where it starts (the staff console shows them). */
  statuses?: WorkflowStatus[];
  /** Shown on every screen of the service (docs/workflows.md "One notice for the whole service"). */
  notice?: ServiceNotice;
}

// ── Service notice (docs/workflows.md §10, "One notice for the whole service") ─────────────────

/**
 * A notice on every screen of a service ("If this is an emergency, call 911"): an alert block
 * without `when`, `placement` or a Close button, whose placeholders are office details only, so it
 * reads the same on every screen. Its `title` names it for screen readers.
 */
export interface ServiceNotice {
  kind?: "alert";
  alertType?: AlertContentBlock["alertType"];
  title: Text;
  message: Text | Text[];
  replace?: { [name: string]: ContentEntry };
}

/**
 * A service's deliveries: an e-mail to the department's processing inbox, and/or a signed webhook
 * to its system. The webhook's address and secret are never in the file: it names the environment
 * variables holding them (test and production differ).
 */
export interface DeliveryFile {
  email?: { to: string; language?: Locale };
  webhook?: WebhookDelivery;
}

export interface WebhookDelivery {
  /** The environment variable holding the receiver's https:// address. */
  urlEnv: string;
  /** The environment variable holding the HMAC-SHA256 secret the receiver checks signatures with. */
  secretEnv: string;
}

/** A status a submission can have: an id (lower case, hyphens), its label in both languages. */
export interface WorkflowStatus {
  id: string;
  label: { en: string; es: string };
  /** The request is finished in this status (approved, denied, closed). */
  final?: boolean;
}

/** A value found at key_location, kept under session_key, prefilling the field at binding_location. */
export interface KeyBinding {
  key_location: string;
  binding_location: string;
  session_key: string;
}

export interface WorkflowFile {
  $schema?: string;
  type: "graph_composite";
  name: string;
  data: {
    id: string;
    type: "workflow";
    config?: WorkflowConfigFile;
  };
  nodes: ScreenNodeFile[];
}

// ── The parsed workflow (serialisable: the server sends it to the browser as JSON) ─────────────

export interface Screen {
  name: string;
  id: string;
  type: ScreenType;
  /** Position among the nodes. */
  index: number;
  /** Where the node sits in the file (SPEC §3 "lens"): ["nodes", index]. */
  lens: JsonPath;
  title: Text;
  hint?: Text;
  content: ContentBlock[];
  /**
   * The fields, with every $ref inlined. For a repeated group this is the array schema the engine
   * builds around the item schema written in the file (see `itemSchema`).
   */
  schema?: JSONSchema;
  /** For a repeated group: the schema of one item, as written (refs inlined). */
  itemSchema?: JSONSchema;
  uiSchema: UiSchema;
  next: Transition[];
  call?: IntegrationCall;
  followUp?: IntegrationCall[];
  repeat?: Repeat;
  buttonLabel?: Text;
  /** Fields whose options come from a result, by property name (see ChoicesFrom). */
  choices?: { [field: string]: ChoicesFrom };
  /** Fields whose listed options depend on an earlier answer, by property name (see ChoiceFilter). */
  choiceFilters?: { [field: string]: ChoiceFilter };
  /** Its Markdown texts as sanitised HTML, made when the workflows were loaded (rich-texts.ts). */
  html?: CompiledTexts;
}

export interface Workflow {
  name: string;
  /** The file it came from, for messages. */
  file: string;
  id: string;
  title: Text;
  description?: Text;
  demo?: boolean;
  start: string;
  bindings?: KeyBinding[];
  prefill?: Record<string, string>;
  receipt?: { emailField: string };
  statusTool?: string;
  /** The file's `delivery`, the e-mail's language filled in ("en" when not given). */
  delivery?: Delivery;
  statuses?: WorkflowStatus[];
  /** The service's notice (ServiceNotice), and its messages' HTML made at load (rich-texts.ts). */
  notice?: ServiceNotice;
  noticeHtml?: CompiledTexts;
  screens: Screen[];
}

export interface Delivery {
  email?: { to: string; language: Locale };
  webhook?: WebhookDelivery;
}

// ── Answers, errors, problems ──────────────────────────────────────────────────────────────────

/** Answers by screen name; a screen's answer is its form data (an object, or a list of items). */
export type Answers = Record<string, unknown>;

/** One validation message (the validation catalogue's shape). */
export interface FieldError {
  /** JSON pointer into the screen's data (/applicant/email); '' for the whole form. */
  path: string;
  message: string;
  keyword: string;
}

/** Validates a screen's data against its schema; the engine never looks at the messages. */
export type Validate = (
  schema: JSONSchema,
  data: unknown,
  opts: { locale: Locale; now: Date },
) => FieldError[];

export type Severity = "error" | "warning";

/** Something wrong with a workflow file, for `workflow check` and the start-up log. */
export interface Problem {
  file: string;
  path: JsonPath;
  /** A plain sentence: the spec's parser message, then what exactly is wrong. */
  message: string;
  severity: Severity;
  /** Which rule found it (schema, unreachable, dead-end, …). */
  rule: string;
  /** For a problem that stops the file loading: the spec's parser message, exactly. */
  spec?: string;
  /** What exactly is wrong, when `spec` alone does not say it. */
  detail?: string;
}
