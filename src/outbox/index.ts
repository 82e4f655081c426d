export { type BackoffPolicy, retryDelay } from "./backoff";
export { createOutbox, type Outbox, type OutboxOptions } from "./outbox";
export { type DeadItem, listDead, listItems, replayDead, type StatusRow } from "./store";
export type { OutboxHandler, OutboxItem, OutboxMessage, OutboxStatus, PayloadCipher } from "./types";
