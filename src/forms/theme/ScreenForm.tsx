import type { IChangeEvent } from "@rjsf/core/lib/components/Form.js";
import Form from "@rjsf/core/lib/components/Form.js";
import type { RJSFSchema, UiSchema } from "@rjsf/utils";
import { type FormEvent, type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { uploadFields } from "../../domain/uploads";
import type { FieldError, Locale } from "../validation/messages";
import type { ScreenFormContext } from "./context";
import { ErrorSummary } from "./ErrorSummary";
import "./forms.css";
import { toErrorSchema } from "./error-schema";
import { ID_PREFIX, ID_SEPARATOR } from "./field-names";
import { type Answers, formDataToAnswers } from "./form-data";
import { screenFields, screenTemplates, screenWidgets } from "./registry";
import { screenValidator } from "./schema-matcher";
import { formsText, rjsfTranslator } from "./strings";
import { summaryItems } from "./summary-items";
import { UploadField } from "./widgets/upload-field";

/** The button a resident pressed, when it has a name ("Save and come back later"). */
export interface Submitter {
  name: string;
  value: string;
}

export interface ScreenFormProps {
  /** The screen's JSON Schema, catalogue keywords and annotations included. */
  schema: object;
  uiSchema?: UiSchema;
  formData?: Answers;
  /** Problems to show: the server's after a POST, or none. Shown exactly like the browser's own. */
  errors?: readonly FieldError[];
  locale: Locale;
  /** Where the form posts without JavaScript. */
  action: string;
  method?: "post";
  /** Posted with the form as they are, e.g. the CSRF token; never part of the answers. */
  hidden?: Readonly<Record<string, string>>;
  /** The screen's buttons; the first one is what Enter presses. Defaults to one "Continue". */
  children?: ReactNode;
  /**
   * With JavaScript: called with the answers instead of posting. Without it (or before hydration)
   * the form posts to `action` and the server reads the body with formDataToAnswers.
   */
  onSubmit?: (answers: Answers, submitter: Submitter | null) => void;
  /** With JavaScript: the catalogue's check run before onSubmit; errors stop the submit and show. */
  validate?: (answers: Answers, submitter: Submitter | null) => readonly FieldError[];
  /** With JavaScript: the problems the browser's own check found (none: the answers went on). */
  onValidated?: (errors: readonly FieldError[]) => void;
  onChange?: (answers: Answers) => void;
  id?: string;
}

function submitterOf(event: FormEvent<HTMLFormElement>): Submitter | null {
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  if (!(submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) || !submitter.name) {
    return null;
  }
  return { name: submitter.name, value: submitter.value };
}

/** Never answer for the resident: no first option picked, no "false" for an unanswered yes/no. */
const DEFAULTS = { constAsDefaults: "never", requiredBooleanDefault: "skip" } as const;

const NO_ERRORS: readonly FieldError[] = [];

const hasRepeatedGroup = (schema: unknown): boolean => JSON.stringify(schema).includes('"type":"array"');

// Every name of RJSF's registry (registry.ts): the server renders with what the browser build has.
const FIELDS = { ...screenFields, upload: UploadField };

/** The uiSchema with each documents field rendered by the upload field. */
function withUploadFields(uiSchema: UiSchema | undefined, fields: readonly string[]): UiSchema | undefined {
  if (fields.length === 0) return uiSchema;
  const ui: UiSchema = { ...uiSchema };
  for (const field of fields) ui[field] = { ...(ui[field] as UiSchema | undefined), "ui:field": "upload" };
  return ui;
}

/** Files the resident picked and has not sent yet: only a real (multipart) post carries them. */
function hasPickedFiles(form: HTMLFormElement | null): boolean {
  return [...(form?.querySelectorAll<HTMLInputElement>('input[type="file"]') ?? [])].some(
    (input) => (input.files?.length ?? 0) > 0,
  );
}

/**
 * Whether the resident changed a field before the page came to life (a slow phone): the page's
 * HTML holds what they did, in each field's current value against the default the server wrote.
 */
function changedBeforeHydration(form: HTMLFormElement): boolean {
  for (const el of form.elements) {
    if (el instanceof HTMLInputElement) {
      const toggled = el.type === "checkbox" || el.type === "radio";
      if (toggled ? el.checked !== el.defaultChecked : el.value !== el.defaultValue) return true;
    } else if (el instanceof HTMLTextAreaElement) {
      if (el.value !== el.defaultValue) return true;
    } else if (el instanceof HTMLSelectElement) {
      const initial = [...el.options].find((o) => o.defaultSelected) ?? el.options[0];
      if (el.value !== (initial?.value ?? "")) return true;
    }
  }
  return false;
}

/**
 * One workflow screen: a real <form method="post"> (so it works without JavaScript) whose fields
 * RJSF renders with the city theme, an error summary on top that takes focus, and the same
 * messages inline. Key it by screen so a new screen starts from its own answers.
 */
export function ScreenForm(props: ScreenFormProps) {
  const {
    schema,
    uiSchema,
    locale,
    action,
    method = "post",
    children,
    onSubmit,
    validate,
    id,
    hidden,
  } = props;
  const [answers, setAnswers] = useState<Answers>(props.formData ?? {});
  const [clientErrors, setClientErrors] = useState<readonly FieldError[] | null>(null);
  // New errors from the server replace the browser's own.
  const [serverErrors, setServerErrors] = useState(props.errors);
  if (serverErrors !== props.errors) {
    setServerErrors(props.errors);
    setClientErrors(null);
  }
  const errors = clientErrors ?? props.errors ?? NO_ERRORS;
  const extraErrors = useMemo(() => (errors.length ? toErrorSchema(errors) : undefined), [errors]);
  const items = useMemo(() => summaryItems(errors, schema, uiSchema), [errors, schema, uiSchema]);
  const formContext: ScreenFormContext = useMemo(() => ({ locale }), [locale]);
  const translateString = useMemo(() => rjsfTranslator(locale), [locale]);
  const repeats = useMemo(() => hasRepeatedGroup(schema), [schema]);
  const documents = useMemo(() => uploadFields(schema), [schema]);
  const ui = useMemo(() => withUploadFields(uiSchema, documents), [uiSchema, documents]);
  const formRef = useRef<HTMLFormElement>(null);
  // Nothing typed is lost: what the resident did before hydration becomes the form's state,
  // read from the fields the way the server reads a post without JavaScript.
  // Until that has run, a submit is the plain form post (the server reads the fields as they are):
  // a resident quick enough to press Continue in between would otherwise send the answers the
  // page started with.
  const alive = useRef(false);
  // The answers as of the last change, for a submit that comes before React has re-rendered.
  const latest = useRef(answers);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form comes to life
  useEffect(() => {
    const form = formRef.current;
    if (form && changedBeforeHydration(form)) {
      const body = new URLSearchParams(new FormData(form) as unknown as Record<string, string>);
      latest.current = formDataToAnswers(schema, body) as Answers;
      setAnswers(latest.current);
    }
    alive.current = true;
  }, []);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Files go with the form itself, as without JavaScript; the server checks everything.
    if (!onSubmit || !alive.current || hasPickedFiles(formRef.current)) return;
    event.preventDefault();
    const submitter = submitterOf(event);
    const current = latest.current;
    const found = validate?.(current, submitter) ?? [];
    setClientErrors(found);
    props.onValidated?.(found);
    if (found.length === 0) onSubmit(current, submitter);
  };
  const handleChange = (event: IChangeEvent<Answers>) => {
    const next = event.formData ?? {};
    latest.current = next;
    setAnswers(next);
    props.onChange?.(next);
  };

  return (
    <form
      ref={formRef}
      id={id}
      className="usa-form usa-form--large cedarport-screen-form"
      method={method}
      action={action}
      encType={documents.length > 0 ? "multipart/form-data" : undefined}
      noValidate
      onSubmit={handleSubmit}
    >
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {/* Enter in a field presses the first submit button; keep that "continue", not "Remove". */}
      {repeats && (
        <button type="submit" className="usa-sr-only" tabIndex={-1} aria-hidden="true">
          {formsText(locale, "continue")}
        </button>
      )}
      <ErrorSummary items={items} locale={locale} />
      <Form<Answers, RJSFSchema, ScreenFormContext>
        tagName="div"
        className="cedarport-screen-fields"
        schema={schema as RJSFSchema}
        uiSchema={ui}
        formData={answers}
        fields={FIELDS}
        validator={screenValidator}
        templates={screenTemplates}
        widgets={screenWidgets}
        formContext={formContext}
        translateString={translateString}
        idPrefix={ID_PREFIX}
        idSeparator={ID_SEPARATOR}
        extraErrors={extraErrors}
        showErrorList={false}
        experimental_defaultFormStateBehavior={DEFAULTS}
        noValidate
        noHtml5Validate={false}
        onChange={handleChange}
      >
        {children ?? (
          <button type="submit" className="usa-button">
            {formsText(locale, "continue")}
          </button>
        )}
      </Form>
    </form>
  );
}
