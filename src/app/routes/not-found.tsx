import { notFound } from "../lib/http";

export function loader(): never {
  throw notFound();
}

export default function NotFound() {
  return null;
}
