import { data } from "react-router";
import type { IdpRefusal } from "../../../back-office/staff-sign-in";
import { useTranslation } from "../../i18n/use-translation";
import { STAFF_HEADERS } from "../../lib/staff.server";
import { withLang } from "../../lib/staff-links";
import type { Route } from "./+types/login-failed";

/**
 * Why a sign-in through the city's identity provider did not sign anyone in, in the staff
 * member's language: one sentence per reason (the detail is in the server's log and, for someone
 * the provider named, in the audit log), and the way back to the sign-in page.
 */
const REASONS = {
  "no-account": 403,
  "other-subject": 403,
  unverified: 403,
  "no-email": 403,
  denied: 403,
  expired: 400,
  "idp-error": 502,
  unavailable: 502,
} as const satisfies Record<IdpRefusal, number>;

type Reason = keyof typeof REASONS;

const isReason = (value: string | null): value is Reason => value !== null && Object.hasOwn(REASONS, value);

export function loader({ context, request }: Route.LoaderArgs) {
  const given = new URL(request.url).searchParams.get("reason");
  const reason: Reason = isReason(given) ? given : "idp-error";
  return data({ reason, locale: context.locale }, { status: REASONS[reason], headers: STAFF_HEADERS });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta = () => [{ name: "robots", content: "noindex, nofollow" }];

export default function StaffLoginFailed({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("staff");
  const { reason, locale } = loaderData;
  return (
    <div className="cp-container cp-staff cp-staff--narrow">
      <title>{t("idpFailed.title")}</title>
      <h1>{t("idpFailed.title")}</h1>
      <p>{t(`idpFailed.${reason}`)}</p>
      <p>
        <a href={withLang("/staff/login", locale)}>{t("idpFailed.again")}</a>
      </p>
    </div>
  );
}
