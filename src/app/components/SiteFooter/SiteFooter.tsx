import { useId } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { telHref } from "../LocationCard/LocationCard";
import "./SiteFooter.css";

export interface SiteFooterContact {
  /** The city's information line ('311'). */
  phone: string;
  /** The same line for callers outside the county. */
  outsidePhone?: string | null;
  email?: string | null;
  /** Already localized. */
  hours?: string | null;
  address?: {
    name?: string | null;
    address1?: string | null;
    address2?: string | null;
    city?: string | null;
    state?: string | null;
    zip?: string | null;
  } | null;
}

export interface SiteFooterLink {
  id: string;
  href: string;
  /** Already localized. */
  title: string;
}

export interface SiteFooterProps {
  /** Already localized. */
  siteName: string;
  /** From the site config. */
  contact: SiteFooterContact;
  links?: readonly SiteFooterLink[];
  emergencyPhone?: string;
}

function present(value: string | null | undefined): value is string {
  return typeof value === "string" && value.trim() !== "";
}

/** The emergency notice, how to reach the city, and the footer links. */
export function SiteFooter({ siteName, contact, links = [], emergencyPhone = "911" }: SiteFooterProps) {
  const { t } = useTranslation("components");
  const headingId = useId();
  const address = contact.address;
  const cityLine = address
    ? [[address.city, address.state].filter(present).join(", "), address.zip].filter(present).join(" ")
    : "";
  const addressLines = address
    ? [address.name, address.address1, address.address2, cityLine].filter(present)
    : [];
  return (
    <footer className="cp-site-footer">
      <p className="cp-site-footer__emergency">
        <span className="grid-container">
          {t("footer.emergency")} <a href={telHref(emergencyPhone)}>{emergencyPhone}</a>
        </span>
      </p>
      <div className="grid-container cp-site-footer__main">
        <section className="cp-site-footer__contact" aria-labelledby={headingId}>
          <h2 className="cp-site-footer__heading" id={headingId}>
            {t("footer.contactHeading")}
          </h2>
          <p className="cp-site-footer__call">
            {t("footer.call")} <a href={telHref(contact.phone)}>{contact.phone}</a>
          </p>
          {present(contact.outsidePhone) ? (
            <p>
              {t("footer.outside")} <a href={telHref(contact.outsidePhone)}>{contact.outsidePhone}</a>
            </p>
          ) : null}
          {present(contact.email) ? (
            <p>
              {t("footer.email")} <a href={`mailto:${contact.email.trim()}`}>{contact.email}</a>
            </p>
          ) : null}
          {present(contact.hours) ? (
            <p>
              {t("footer.hours")} {contact.hours}
            </p>
          ) : null}
          {addressLines.length > 0 ? (
            <address className="cp-site-footer__address">
              {addressLines.map((line, index) => (
                <span key={index}>{line}</span>
              ))}
            </address>
          ) : null}
        </section>
        {links.length > 0 ? (
          <nav className="cp-site-footer__links" aria-label={t("footer.linksLabel")}>
            <ul>
              {links.map((link) => (
                <li key={link.id}>
                  <a href={link.href}>{link.title}</a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
      <p className="grid-container cp-site-footer__name">{siteName}</p>
    </footer>
  );
}
