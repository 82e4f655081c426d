/**
 * Finding screens (SPEC §2) and what kind of screen each is.
 */

import { SCREEN_INDEX_TYPE, screenNotFound } from "./errors";
import type { JsonPath, Screen, ScreenType, Workflow } from "./types";

export interface FoundScreen {
  screen: Screen;
  /** Set when the request could not be honoured and the first screen was chosen instead. */
  error?: string;
}

/**
 * A screen by name or by index. An unknown name, or an index out of range, selects the first screen
 * with an error; so does an index that is neither a string nor a number. A numeric string ("2")
 * is a name first, then an index, so a screen may be called "2" without surprises.
 */
export function findScreen(workflow: Workflow, nameOrIndex: unknown): FoundScreen {
  const first = workflow.screens[0] as Screen;
  if (typeof nameOrIndex === "string") {
    const byName = workflow.screens.find((screen) => screen.name === nameOrIndex);
    if (byName) return { screen: byName };
    if (/^\d+$/.test(nameOrIndex)) {
      const byIndex = workflow.screens[Number(nameOrIndex)];
      if (byIndex) return { screen: byIndex };
    }
    return { screen: first, error: screenNotFound(nameOrIndex) };
  }
  if (typeof nameOrIndex === "number") {
    const byIndex = Number.isInteger(nameOrIndex) ? workflow.screens[nameOrIndex] : undefined;
    return byIndex ? { screen: byIndex } : { screen: first, error: screenNotFound(String(nameOrIndex)) };
  }
  return { screen: first, error: SCREEN_INDEX_TYPE };
}

/** The screen with this name, or undefined. */
export function screenNamed(workflow: Workflow, name: string): Screen | undefined {
  return workflow.screens.find((screen) => screen.name === name);
}

/** The screen with this name; throws for a name the workflow does not have (an engine bug, not input). */
export function requireScreen(workflow: Workflow, name: string): Screen {
  const screen = screenNamed(workflow, name);
  if (!screen) throw new Error(`${workflow.name} has no screen ${name}`);
  return screen;
}

/**
 * The lens of a node (SPEC §3): its place in the file, derived from its position by name. Error
 * paths start with it. Undefined for a name the workflow does not have.
 */
export function lensOf(workflow: Workflow, name: string): JsonPath | undefined {
  const index = workflow.screens.findIndex((screen) => screen.name === name);
  return index === -1 ? undefined : ["nodes", index];
}

/** Screens that end a journey: nothing comes after them. */
export function isEndType(type: ScreenType): boolean {
  return type === "confirmation" || type === "exit";
}

/** Screens where the resident answers questions. */
export function isQuestionType(type: ScreenType): boolean {
  return type === "question" || type === "lookup";
}
