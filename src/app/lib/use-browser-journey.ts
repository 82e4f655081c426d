import { useEffect, useState } from "react";
import type { CompiledValidator } from "../../forms/validation/compiled";
import type { ScreenView } from "./workflow-view";

let engine: Promise<typeof import("./browser-journey")> | undefined;

/**
 * The browser's half of a workflow (browser-journey.ts: the engine and XState), loaded on first
 * use and kept: a chunk of its own, so the first screen shows and hydrates without waiting for it.
 */
export function browserJourney() {
  engine ??= import("./browser-journey");
  return engine;
}

/**
 * Hands each screen's journey to the browser's engine and returns the service's compiled
 * validators once they have loaded. Until then (or if they cannot load) the server checks alone.
 */
export function useBrowserJourney(view: ScreenView): Record<string, CompiledValidator> | undefined {
  const [validators, setValidators] = useState<Record<string, CompiledValidator>>();
  useEffect(() => {
    let live = true;
    browserJourney()
      .then((journey) => journey.remember(view))
      .then((service) => {
        if (live && service) setValidators(service.validators);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [view]);
  return validators;
}
