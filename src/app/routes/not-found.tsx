import { notFound } from "../lib/http";

export function loader(): never {
  throw notFound();
}

/** Server-rendered HTML, enhanced by the islands script (docs/adr/0003-islands.md). */
export const handle = { hydrate: false };

export default function NotFound() {
  return null;
}
