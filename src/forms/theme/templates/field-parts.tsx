import { useContext } from "react";
import { numberedTitle } from "../../../domain/numbered-title";
import type { Locale } from "../../validation/messages";
import { HintHtml } from "../context";
import { errorId, hintId } from "../field-names";
import { formsText } from "../strings";

export function Hint({ id, lines }: { id: string; lines: readonly string[] }) {
  const html = useContext(HintHtml);
  if (lines.length === 0) return null;
  return (
    <div className="usa-hint" id={hintId(id)}>
      {lines.map((line, i) =>
        Object.hasOwn(html, line) ? (
          // Sanitised when the workflow was loaded (src/workflow/rich-texts.ts).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised server-side HTML
          <span key={i} className="display-block" dangerouslySetInnerHTML={{ __html: html[line] ?? "" }} />
        ) : (
          <span key={i} className="display-block">
            {line}
          </span>
        ),
      )}
    </div>
  );
}

/** The inline message, announced with its field through aria-describedby. */
export function ErrorMessage({
  id,
  errors,
  locale,
}: {
  id: string;
  errors: readonly string[];
  locale: Locale;
}) {
  if (errors.length === 0) return null;
  return (
    <span className="usa-error-message" id={errorId(id)}>
      {errors.map((error, i) => (
        <span key={i} className="display-block">
          <span className="usa-sr-only">{formsText(locale, "errorPrefix")} </span>
          {error}
        </span>
      ))}
    </span>
  );
}

export function OptionalMarker({ required, locale }: { required?: boolean; locale: Locale }) {
  if (required) return null;
  return <span className="usa-hint"> {formsText(locale, "optional")}</span>;
}

/** RJSF titles array items "Properties-2"; residents read "Property 2" (the item's own title) or "Properties 2". */
export function itemLabel(label: string, path: readonly (string | number)[], itemTitle?: unknown): string {
  const last = path[path.length - 1];
  if (typeof last !== "number") return label;
  if (typeof itemTitle === "string" && itemTitle) return numberedTitle(itemTitle, last + 1);
  return label.replace(/-(\d+)$/, " $1");
}
