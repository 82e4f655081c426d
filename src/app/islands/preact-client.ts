/**
 * `react-dom/client` in the islands build. Preact's compat `createRoot` empties the element
 * first, as React does; Preact's own render instead reuses the server's DOM where it matches and
 * corrects attributes where it differs, so nothing is rebuilt (images, the focused input).
 */
import { type ComponentChild, render } from "preact";

export function createRoot(container: Element) {
  return {
    render(children: ComponentChild) {
      render(children, container);
    },
  };
}
