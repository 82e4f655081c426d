import { badRequest } from "../lib/http";

/** The server sends requests it cannot decode here, so the resident sees the 400 page. */
export function loader(): never {
  throw badRequest();
}

/** Server-rendered HTML, enhanced by the islands script (docs/adr/0003-islands.md). */
export const handle = { hydrate: false };

export default function BadRequest() {
  return null;
}
