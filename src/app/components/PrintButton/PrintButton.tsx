/** A button that opens the browser's print dialog (an invoice, a confirmation to keep on paper). */
export interface PrintButtonProps {
  /** In the page's language: the route gives it from its own strings. */
  label: string;
}

/**
 * Printing needs JavaScript, so the button carries `cp-js-only` (hidden where scripting is off,
 * routes/workflow-screen.css). On pages React Router does not hydrate it is an island.
 */
export function PrintButton({ label }: PrintButtonProps) {
  return (
    <button
      type="button"
      className="usa-button usa-button--outline cp-js-only"
      onClick={() => window.print()}
    >
      {label}
    </button>
  );
}
