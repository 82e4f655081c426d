/**
 * The part of the engine the browser runs: no AJV compiler, no file system. The server sends the
 * parsed Workflow as JSON; the browser runs the same machine on it (validating with validators
 * compiled ahead of time, passed as `validate`). Server code imports index.ts instead.
 */

export { type CheckAnswersRow, checkAnswersRows } from "./check-answers";
export {
  type RenderedBlock,
  type RenderedNotice,
  type RenderedTable,
  renderContent,
  renderNotice,
} from "./content";
export { journeyForm, type ScreenForm, screenForm } from "./form";
export { evaluateGuard, readField } from "./guards";
export { IntegrationRefusal, type Integrations } from "./integrations";
export {
  type AnswerResult,
  answerAndCall,
  answerScreen,
  answersOnPath,
  changeAnswer,
  formDataFor,
  goBack,
  type Journey,
  type MoveResult,
  pathOf,
  progressOf,
  restoreJourney,
  startJourney,
  statusOf,
  visitScreen,
} from "./journey";
export { engineText, localizeText } from "./localize";
export { buildMachine } from "./machine";
export { isReference } from "./reference";
export { findScreen, isEndType, isQuestionType, lensOf, requireScreen, screenNamed } from "./screens";
export type * from "./types";
