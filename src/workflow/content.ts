/**
 * A screen's content blocks (SPEC §3 text block and alert), ready to show: texts in the chosen
 * language, text-block placeholders filled from the journey. `apiResponse` entries read what the
 * integration calls returned ("<screen>.<path>"), `bound_data` and `reference` entries read the
 * answers; a placeholder without a value renders empty.
 */

import { type Alert, normalizeAlert } from "../domain/alert";
import { renderTextBlock } from "../domain/text-block";
import type { Journey } from "./journey";
import { localizeText } from "./localize";
import type { Locale, Screen } from "./types";

export type RenderedBlock =
  | { kind: "text"; text: string }
  | ({ kind: "alert" } & Omit<Alert, "notifyOnClose">);

export function renderContent(screen: Screen, journey: Journey, locale: Locale, now: Date): RenderedBlock[] {
  return screen.content.map((block): RenderedBlock => {
    if (block.kind === "text") {
      const text = renderTextBlock(localizeText(block.text, locale), block.replace, {
        apiResponse: journey.results,
        boundData: journey.answers,
        answers: journey.answers as Record<string, Record<string, unknown> | undefined>,
        now,
        locale,
      });
      return { kind: "text", text };
    }
    const messages = Array.isArray(block.message) ? block.message : [block.message];
    const alert = normalizeAlert({
      alertType: block.alertType ?? null,
      title: block.title === undefined ? null : localizeText(block.title, locale),
      message: messages.map((message) => localizeText(message, locale)),
      allowClose: block.allowClose ?? null,
    });
    return { kind: "alert", ...alert };
  });
}
