/**
 * What the elected officials' pages (/elected-officials, /person/<id>, /find-my-representatives)
 * show of a person: a card with the office, the portrait, the first paragraph of the biography (as
 * Markdown, rendered on the server), how to reach their office, and a link to their own page.
 */
import type { Label, Location, Person } from "../../content/types";
import { localizeDeep } from "../../domain/localize";
import { renderRichText } from "../components/RichText/render-rich-text.server";
import { createI18n, type Locale } from "../i18n";
import { personHref } from "./person-links";

/** The first paragraph of a biography's Markdown: what a card has room for. */
export function firstParagraph(markdown: string | null | undefined): string {
  return (
    (markdown ?? "")
      .trim()
      .split(/\n\s*\n/)[0]
      ?.trim() ?? ""
  );
}

/** "City-County Councilor, District 3": the office, with the district for a councilor. */
export function officeTitle(person: Pick<Person, "title" | "district">, locale: Locale): string | null {
  const t = createI18n(locale).getFixedT(locale, "officials");
  const district = person.district ? t("district", { number: person.district }) : null;
  return [person.title, district].filter(Boolean).join(", ") || null;
}

export type ContactDetails = Omit<Location, "id" | "localizations">;

export interface OfficialCard {
  id: string;
  name: string;
  /** The office, with the district for a councilor. */
  title: string | null;
  district: number | null;
  image: { url: string } | null;
  href: string;
  /** The biography's first paragraph as sanitised HTML, for <RichText>. */
  biographyHtml: string | null;
  contact: ContactDetails | null;
}

function contactOf(location: Location | null | undefined): ContactDetails | null {
  if (!location) return null;
  const { id: _id, localizations: _l, ...details } = location;
  return Object.values(details).some((value) => typeof value === "string" && value.trim() !== "")
    ? details
    : null;
}

export function officialCard(person: Person, locale: Locale, lang = ""): OfficialCard {
  const p = localizeDeep(person, locale);
  return {
    id: p.id,
    name: p.name,
    title: officeTitle(p, locale),
    district: p.district ?? null,
    image: p.image?.url ? { url: p.image.url } : null,
    href: personHref(p.id, lang),
    // Biographies have no headings; if one ever does, it sits below the card's name (h3).
    biographyHtml: renderRichText(firstParagraph(p.biography?.markdown), locale, { headingOffset: 2 }),
    contact: contactOf(p.contact),
  };
}

/** A person's page: the whole biography and their office. */
export function officialPage(person: Person, locale: Locale, lang = "") {
  const p = localizeDeep(person, locale);
  const agency = p.association?.agency;
  return {
    ...officialCard(person, locale, lang),
    biographyHtml: renderRichText(p.biography?.markdown, locale, { headingOffset: 1 }),
    office: agency ? { title: agency.title, href: `/agency/${encodeURIComponent(agency.slug)}` } : null,
  };
}

/**
 * The officials of the home page's ElectedOfficials label, split as the list shows them: those
 * elected countywide (in the label's order) and the City-County Council (every councilor, by
 * district, whether the label names them or not).
 */
export function electedOfficials(labels: readonly Label[], persons: readonly Person[]) {
  const label = labels.find((l) => l.type === "ElectedOfficials");
  const countywide = (label?.persons ?? []).filter((p) => !p.district);
  const council = persons
    .filter((p) => typeof p.district === "number")
    .sort((a, b) => (a.district ?? 0) - (b.district ?? 0));
  return { countywide, council };
}

/** Whether a person is among the elected officials (the label's, or a councilor). */
export function isElected(id: string, labels: readonly Label[], person: Pick<Person, "district">): boolean {
  const label = labels.find((l) => l.type === "ElectedOfficials");
  return Boolean(person.district) || (label?.persons ?? []).some((p) => p.id === id);
}
