export { cityTemplates, cityTheme, cityWidgets } from "./city-theme";
export { HintHtml, type ScreenFormContext } from "./context";
export { ErrorSummary, type ErrorSummaryItem } from "./ErrorSummary";
export { toErrorSchema } from "./error-schema";
export { anchorFor, type FieldKind, fieldKind } from "./field-kind";
export {
  ACTION_FIELD,
  countName,
  fieldId,
  ID_PREFIX,
  ID_SEPARATOR,
  pointerOf,
  segmentsOf,
} from "./field-names";
export {
  type Answers,
  type ArrayAction,
  applyArrayAction,
  formDataToAnswers,
  parseArrayAction,
} from "./form-data";
export { ScreenForm, type ScreenFormProps, type Submitter } from "./ScreenForm";
export { matchesSchema, screenValidator } from "./schema-matcher";
export { formsText } from "./strings";
export { summaryItems } from "./summary-items";
