/**
 * The workflow engine: a service is one graph_composite JSON file (schemas/workflow.schema.json);
 * the engine parses it, runs it as an XState machine in the browser and on the server alike, and
 * knows nothing of React or HTTP. See docs/workflows.md.
 */

export { workflowCatalog } from "./catalog";
export { type CheckAnswersRow, checkAnswersRows } from "./check-answers";
export { type Choice, type ChoiceFacts, choiceErrors, choicesOf } from "./choices";
export {
  type RenderedBlock,
  type RenderedNotice,
  type RenderedTable,
  renderContent,
  renderNotice,
} from "./content";
export {
  CONFIG_MALFORMED,
  formatPath,
  GRAPH_COMPOSITE_MALFORMED,
  NODES_DO_NOT_EXIST,
  nodesDoNotExist,
  PARAMS_MISSING,
  SCREEN_INDEX_TYPE,
  screenNotFound,
  WORKFLOW_MALFORMED,
  WorkflowError,
} from "./errors";
export { journeyForm, type ScreenForm, screenForm } from "./form";
export { evaluateGuard, type GuardContext, guardFields, operatorOf, readField } from "./guards";
export {
  type CallContext,
  IntegrationRefusal,
  type Integrations,
  noIntegrations,
  resolveParams,
} from "./integrations";
export {
  type AnswerOptions,
  type AnswerResult,
  answerAndCall,
  answerScreen,
  answersOnPath,
  changeAnswer,
  formDataFor,
  goBack,
  type Journey,
  type JourneyStatus,
  type MoveResult,
  pathOf,
  progressOf,
  type RefusalReason,
  restoreJourney,
  type ScreenFieldError,
  type SubmitResult,
  startJourney,
  statusOf,
  submitJourney,
  validateWholeJourney,
  visitScreen,
} from "./journey";
export { hasErrors, type LintOptions, lintWorkflow, unknownFieldReason } from "./lint";
export { engineText, localizeSchema, localizeText, localizeUiSchema } from "./localize";
export {
  buildMachine,
  type MachineContext,
  type MachineEvent,
  type WorkflowMachine,
  type WorkflowSnapshot,
} from "./machine";
export { type ParseOptions, parseWorkflow, readWorkflow } from "./parse";
export type { JourneyPath } from "./path";
export { isReference, newReference, normalizeReference, REFERENCE_ALPHABET } from "./reference";
export { type LoadResult, loadWorkflowFile, loadWorkflows, workflowFiles } from "./registry";
export {
  parseRecording,
  type Recording,
  type RecordingStep,
  type ReplayReport,
  recordingNow,
  replayRecording,
} from "./replay";
export { type FoundScreen, findScreen, isEndType, isQuestionType, lensOf, screenNamed } from "./screens";
export { hasWriteOnly, storableAnswer, storedAnswersSchema } from "./sensitive";
export type * from "./types";
