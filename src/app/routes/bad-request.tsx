import { badRequest } from "../lib/http";

/** The server sends requests it cannot decode here, so the resident sees the 400 page. */
export function loader(): never {
  throw badRequest();
}

export default function BadRequest() {
  return null;
}
