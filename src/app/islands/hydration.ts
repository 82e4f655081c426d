/**
 * What a route module may say about the browser side of its page (`export const handle`).
 * Content routes say `{ hydrate: false }`: their pages are server-rendered HTML that works without
 * JavaScript, enhanced by the small islands script instead of React Router's full hydration.
 */
export interface RouteHandle {
  hydrate?: boolean;
}

/** React Router hydrates the page only when no matched route opts out and it is not an error page. */
export function pageHydrates(matches: readonly { handle?: unknown }[], error: unknown): boolean {
  if (error !== undefined && error !== null) return false;
  return matches.every((match) => (match.handle as RouteHandle | undefined)?.hydrate !== false);
}
