import { data, redirect } from "react-router";
import { formatCityTime } from "../../../back-office/city-time";
import { ErrorSummary } from "../../../forms/theme/ErrorSummary";
import { TextField } from "../../components/TextField/TextField";
import { useTranslation } from "../../i18n/use-translation";
import { STAFF_HEADERS } from "../../lib/staff.server";
import { staffReturnPath as returnPath, withLang } from "../../lib/staff-links";
import type { Route } from "./+types/login";

/**
 * Signing in to the console: with the city's identity provider when one is set (STAFF_OIDC_*,
 * a button-styled link that starts at /staff/login/oidc), with an e-mail address and password when passwords
 * are on (the embedded sign-in, or STAFF_LOCAL_LOGIN=on beside the provider), or both.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const back = returnPath(url.searchParams.get("return"));
  // Already signed in: straight on.
  if (await context.services.backOffice.session(request.headers.get("cookie")))
    throw redirect(back, { headers: STAFF_HEADERS });
  return data(
    {
      back,
      signedOut: url.searchParams.has("signed-out"),
      locale: context.locale,
      methods: context.services.backOffice.signInMethods(),
    },
    { headers: STAFF_HEADERS },
  );
}

type Problem = "missing" | "wrong" | "locked" | "code" | "off";

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const email = String(form.get("email") ?? "").slice(0, 254);
  const password = String(form.get("password") ?? "").slice(0, 1024);
  const code = String(form.get("code") ?? "").slice(0, 20);
  const back = returnPath(form.get("return"));
  const fail = (problem: Problem, until?: string) =>
    data(
      { problem, email, until: until ? formatCityTime(until, context.locale) : undefined },
      { status: problem === "locked" ? 429 : problem === "off" ? 403 : 400, headers: STAFF_HEADERS },
    );
  // With passwords off, the back office refuses (and records) any post as "off".
  const local = context.services.backOffice.signInMethods().local;
  if (local && (!email.trim() || !password)) return fail("missing");
  const outcome = await context.services.backOffice.signIn({ email, password, code });
  if (!outcome.ok) return fail(outcome.reason, outcome.reason === "locked" ? outcome.until : undefined);
  return redirect(withLang(back, context.locale), {
    headers: { ...STAFF_HEADERS, "Set-Cookie": outcome.cookie ?? "" },
  });
}

export const meta = () => [{ name: "robots", content: "noindex, nofollow" }];

export default function StaffLogin({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("staff");
  const problem = actionData?.problem;
  const { local, idp } = loaderData.methods;
  const idpName = idp?.name ?? t("login.idpDefaultName");
  const message =
    problem &&
    t(`login.${problem === "code" ? "codeMissing" : problem}`, {
      time: actionData?.until ?? "",
      name: idpName,
    });
  const target =
    problem === "off"
      ? "staff-idp"
      : problem === "code"
        ? "staff-code"
        : problem === "missing" && !actionData?.email
          ? "staff-email"
          : "staff-password";
  return (
    <div className="cp-container cp-staff cp-staff--narrow">
      <title>{`${problem ? `${t("forms:errorSummaryTitle")}: ` : ""}${t("login.title")}`}</title>
      {loaderData.signedOut && !problem && (
        <div className="usa-alert usa-alert--success usa-alert--slim" role="status">
          <div className="usa-alert__body">
            <p className="usa-alert__text">{t("login.signedOut")}</p>
          </div>
        </div>
      )}
      {message && <ErrorSummary locale={loaderData.locale} items={[{ text: message, targetId: target }]} />}
      <h1>{t("login.title")}</h1>
      <p>
        {t("login.intro")}{" "}
        <a href={withLang("/request-status", loaderData.locale)}>{t("request-status:title")}</a>
      </p>
      {idp && (
        <p>
          <a
            id="staff-idp"
            className="usa-button"
            href={withLang(
              `/staff/login/oidc?return=${encodeURIComponent(loaderData.back)}`,
              loaderData.locale,
            )}
          >
            {t("login.idpButton", { name: idpName })}
          </a>
        </p>
      )}
      {idp && local && <h2>{t("login.orPassword")}</h2>}
      {local && (
        <form method="post" action={withLang("/staff/login", loaderData.locale)} noValidate>
          <input type="hidden" name="return" value={loaderData.back} />
          <TextField
            id="staff-email"
            name="email"
            label={t("login.email")}
            type="email"
            autoComplete="username"
            spellCheck={false}
            defaultValue={actionData?.email ?? ""}
          />
          <TextField
            id="staff-password"
            name="password"
            label={t("login.password")}
            type="password"
            autoComplete="current-password"
          />
          <TextField
            id="staff-code"
            name="code"
            label={t("login.code")}
            hint={t("login.codeHint")}
            error={problem === "code" ? t("login.codeMissing") : undefined}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]*"
            maxLength={7}
          />
          <button type="submit" className={idp ? "usa-button usa-button--outline" : "usa-button"}>
            {t("login.submit")}
          </button>
        </form>
      )}
    </div>
  );
}
