import type { Location } from "../../../content/types";
import { useTranslation } from "../../i18n/use-translation";
import "./LocationCard.css";

/** A content Location (src/content/types.ts) without its id: the card shows only the fields. */
export type LocationCardLocation = Omit<Location, "id">;

export interface LocationCardProps {
  /** Already localized. */
  location: LocationCardLocation;
  /** A heading for the card (e.g. the agency's name); none when omitted. */
  title?: string;
  /** Whose accounts the social links are ('Office of the County Assessor'), for their names. */
  owner?: string;
  headingLevel?: 2 | 3 | 4 | 5 | 6;
}

/** A dialable tel: address: digits only, with the US country code for ten-digit numbers. */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (digits.length === 10) return `tel:+1${digits}`;
  if (digits.length === 11 && digits.startsWith("1")) return `tel:+${digits}`;
  return `tel:${digits}`;
}

const SOCIAL = [
  { field: "facebook_url", key: "location.facebook" },
  { field: "twitter_url", key: "location.twitter" },
  { field: "instagram_url", key: "location.instagram" },
] as const;

function present(value: string | null | undefined): value is string {
  return typeof value === "string" && value.trim() !== "";
}

export function LocationCard({ location, title, owner, headingLevel = 3 }: LocationCardProps) {
  const { t } = useTranslation("components");
  const Heading = `h${headingLevel}` as const;
  const street = [location.address1, location.address2, location.address3].filter(present);
  const cityLine = [[location.city, location.state].filter(present).join(", "), location.zip]
    .filter(present)
    .join(" ");
  const hours = [location.hours1, location.hours2].filter(present);
  const social = SOCIAL.flatMap(({ field, key }) => {
    const url = location[field];
    return present(url) ? [{ url, network: t(key) }] : [];
  });
  return (
    <div className="cp-card cp-location-card">
      {title ? <Heading className="cp-location-card__title">{title}</Heading> : null}
      <address className="cp-location-card__contact">
        {street.length > 0 || cityLine ? (
          <p className="cp-location-card__address">
            {[...street, cityLine].filter(present).map((line, index) => (
              <span key={index} className="cp-location-card__line">
                {line}
              </span>
            ))}
          </p>
        ) : null}
        {present(location.phone) || present(location.fax) || present(location.email) ? (
          <dl className="cp-location-card__details">
            {present(location.phone) ? (
              <div>
                <dt>{t("location.phone")}</dt>
                <dd>
                  <a href={telHref(location.phone)}>{location.phone}</a>
                </dd>
              </div>
            ) : null}
            {present(location.fax) ? (
              <div>
                <dt>{t("location.fax")}</dt>
                <dd>{location.fax}</dd>
              </div>
            ) : null}
            {present(location.email) ? (
              <div>
                <dt>{t("location.email")}</dt>
                <dd>
                  <a href={`mailto:${location.email.trim()}`}>{location.email}</a>
                </dd>
              </div>
            ) : null}
          </dl>
        ) : null}
        {hours.length > 0 ? (
          <div className="cp-location-card__hours">
            <p className="cp-location-card__label">{t("location.hours")}</p>
            {hours.map((line, index) => (
              <p key={index}>{line}</p>
            ))}
          </div>
        ) : null}
        {social.length > 0 ? (
          <ul className="cp-location-card__social" aria-label={t("location.social")}>
            {social.map(({ url, network }) => (
              <li key={url}>
                <a
                  href={url}
                  aria-label={owner ? t("location.onNetwork", { name: owner, network }) : undefined}
                >
                  {network}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </address>
    </div>
  );
}
