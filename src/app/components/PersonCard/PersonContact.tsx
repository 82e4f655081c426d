import type { Location } from "../../../content/types";
import { useTranslation } from "../../i18n/use-translation";
import { telHref } from "../LocationCard/LocationCard";
import "./PersonCard.css";

export interface PersonContactProps {
  /** Already localized: the office's address, phone and e-mail (hours are on the office's page). */
  contact: Omit<Location, "id" | "localizations">;
}

const present = (value: string | null | undefined): value is string =>
  typeof value === "string" && value.trim() !== "";

/** How to reach a person's office, for a PersonCard: phone, e-mail and postal address. */
export function PersonContact({ contact }: PersonContactProps) {
  const { t } = useTranslation("components");
  const street = [contact.address1, contact.address2, contact.address3].filter(present);
  const cityLine = [[contact.city, contact.state].filter(present).join(", "), contact.zip]
    .filter(present)
    .join(" ");
  const lines = [...street, cityLine].filter(present);
  return (
    <address className="cp-person-contact">
      {present(contact.phone) || present(contact.email) ? (
        <dl className="cp-person-contact__details">
          {present(contact.phone) ? (
            <div>
              <dt>{t("location.phone")}</dt>
              <dd>
                <a href={telHref(contact.phone)}>{contact.phone}</a>
              </dd>
            </div>
          ) : null}
          {present(contact.email) ? (
            <div>
              <dt>{t("location.email")}</dt>
              <dd>
                <a href={`mailto:${contact.email.trim()}`}>{contact.email}</a>
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {lines.length > 0 ? (
        <p>
          {lines.map((line, index) => (
            <span key={index} className="cp-person-contact__line">
              {line}
            </span>
          ))}
        </p>
      ) : null}
    </address>
  );
}
