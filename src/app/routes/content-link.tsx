import { redirect } from "react-router";
import { notFound } from "../lib/http";
import type { Route } from "./+types/content-link";

/**
 * The default link of a content item is /{section}/{slug} (SPEC §2). Known sections have their
 * own routes; the plural forms people type (/activities/x, /topics/x, /agencies/x) redirect there.
 */
const SECTIONS: Record<string, string> = {
  activities: "activity",
  agencies: "agency",
  topics: "topic",
  services: "activity",
  departments: "agency",
  persons: "person",
  people: "person",
};

export function loader({ params, request }: Route.LoaderArgs) {
  const target = SECTIONS[params.section.toLowerCase()];
  if (!target) throw notFound();
  const { search } = new URL(request.url);
  return redirect(`/${target}/${encodeURIComponent(params.slug)}${search}`, 301);
}

/** Server-rendered HTML, enhanced by the islands script (docs/adr/0003-islands.md). */
export const handle = { hydrate: false };

export default function ContentLink() {
  return null;
}
