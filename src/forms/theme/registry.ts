/**
 * Every field, template and widget RJSF can draw a workflow screen with, under each name RJSF's
 * own default registry has. ScreenForm passes them all, so the server renders with exactly what
 * the browser has; and in the production browser build this module also stands in for
 * `@rjsf/core/lib/getDefaultRegistry.js` (vite.config.ts), which imports every component RJSF
 * has, about 10 KB gzip of them unused on a workflow screen (docs/adr/0009-speed.md).
 *
 * Each name holds:
 * - the city theme's component, where the theme has one (RJSF's was never drawn);
 * - RJSF's own, where a screen can reach it: through a schema's types, a oneOf or anyOf, a field
 *   without a type, `ui:enableOptionalDataFieldForType`, and the templates those draw;
 * - a stand-in that throws, for the rest (UNAVAILABLE). Every name is kept, because RJSF picks the
 *   widget for a `format` by whether a widget is registered under its name.
 * registry.test.tsx holds this to RJSF's default registry, name by name.
 */
import ArrayField from "@rjsf/core/lib/components/fields/ArrayField.js";
import BooleanField from "@rjsf/core/lib/components/fields/BooleanField.js";
import FallbackField from "@rjsf/core/lib/components/fields/FallbackField.js";
import MultiSchemaField from "@rjsf/core/lib/components/fields/MultiSchemaField.js";
import NullField from "@rjsf/core/lib/components/fields/NullField.js";
import NumberField from "@rjsf/core/lib/components/fields/NumberField.js";
import ObjectField from "@rjsf/core/lib/components/fields/ObjectField.js";
import OptionalDataControlsField from "@rjsf/core/lib/components/fields/OptionalDataControlsField.js";
import SchemaField from "@rjsf/core/lib/components/fields/SchemaField.js";
import StringField from "@rjsf/core/lib/components/fields/StringField.js";
import FallbackFieldTemplate from "@rjsf/core/lib/components/templates/FallbackFieldTemplate.js";
import FieldErrorTemplate from "@rjsf/core/lib/components/templates/FieldErrorTemplate.js";
import FieldHelpTemplate from "@rjsf/core/lib/components/templates/FieldHelpTemplate.js";
import MultiSchemaFieldTemplate from "@rjsf/core/lib/components/templates/MultiSchemaFieldTemplate.js";
import OptionalDataControlsTemplate from "@rjsf/core/lib/components/templates/OptionalDataControlsTemplate.js";
import UnsupportedField from "@rjsf/core/lib/components/templates/UnsupportedField.js";
import {
  DEFAULT_ID_PREFIX,
  DEFAULT_ID_SEPARATOR,
  englishStringTranslator,
  type Registry,
  type RegistryFieldsType,
  type RegistryWidgetsType,
  type TemplatesType,
} from "@rjsf/utils";
import { cityTemplates, cityWidgets } from "./city-theme";

/**
 * RJSF's components no workflow screen can reach, and why. A uiSchema names none of them
 * (`workflow check` refuses "ui:field", a template named in a uiSchema, and widgets outside its
 * list: src/workflow/lint-widgets.ts); a screen's schema has no "$ref" (the parser inlines them
 * and refuses cycles: src/workflow/refs.ts); and the validation catalogue knows none of the
 * formats RJSF gives these widgets (an unknown format is an error to its Ajv, in `workflow check`
 * and when the server validates a screen).
 */
export const UNAVAILABLE = {
  fields: [
    // RJSF's layout grid: only a uiSchema naming it ("ui:field").
    "LayoutGridField",
    "LayoutHeaderField",
    "LayoutMultiSchemaField",
    // A "$ref" cycle.
    "CyclicSchemaField",
  ],
  templates: [
    // Drawn by RJSF's own ArrayFieldItemTemplate and FieldTemplate (the theme replaces both), the
    // layout grid and the cycle field.
    "ArrayFieldItemButtonsTemplate",
    "WrapIfAdditionalTemplate",
    "GridTemplate",
    "CyclicSchemaExpandTemplate",
  ],
  widgets: [
    // The formats alt-date, alt-datetime, color, date-time, data-url, time and uri; "ui:widget"
    // range, file, files, or one of these names.
    "AltDateWidget",
    "AltDateTimeWidget",
    "ColorWidget",
    "DateTimeWidget",
    "FileWidget",
    "RangeWidget",
    "RatingWidget",
    "TimeWidget",
    "URLWidget",
  ],
} as const;

/** What stands in for a component of UNAVAILABLE: drawing it says so, on the server as in the browser. */
function unavailable(name: string): () => never {
  return () => {
    throw new Error(
      `RJSF's ${name} is not in the city theme's registry (src/forms/theme/registry.ts): ` +
        "run `npm run workflow check` on the workflow",
    );
  };
}

function standIns<Name extends string>(names: readonly Name[]) {
  return Object.fromEntries(names.map((name) => [name, unavailable(name)])) as Record<Name, () => never>;
}

export const screenFields: RegistryFieldsType = {
  ...standIns(UNAVAILABLE.fields),
  AnyOfField: MultiSchemaField,
  ArrayField,
  BooleanField,
  FallbackField,
  NullField,
  NumberField,
  ObjectField,
  OneOfField: MultiSchemaField,
  OptionalDataControlsField,
  SchemaField,
  StringField,
};

export const screenTemplates: TemplatesType = {
  ...standIns(UNAVAILABLE.templates),
  FallbackFieldTemplate,
  FieldErrorTemplate,
  FieldHelpTemplate,
  MultiSchemaFieldTemplate,
  OptionalDataControlsTemplate,
  UnsupportedFieldTemplate: UnsupportedField,
  ...cityTemplates,
};

export const screenWidgets: RegistryWidgetsType = { ...standIns(UNAVAILABLE.widgets), ...cityWidgets };

/** RJSF's getDefaultRegistry (the same shape and settings), with the components above. */
export default function getDefaultRegistry(): Omit<Registry, "schemaUtils"> {
  return {
    fields: screenFields,
    templates: screenTemplates,
    widgets: screenWidgets,
    rootSchema: {},
    formContext: {},
    translateString: englishStringTranslator,
    globalFormOptions: {
      idPrefix: DEFAULT_ID_PREFIX,
      idSeparator: DEFAULT_ID_SEPARATOR,
      useFallbackUiForUnsupportedType: false,
    },
  };
}
