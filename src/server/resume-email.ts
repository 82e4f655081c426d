import type { Locale } from "../domain/localize";
import { textFor } from "../i18n";
import type { EmailMessage } from "../integrations/email";

/**
 * The e-mail with the link back to a resident's saved answers, in their language
 * (locales/<lang>/email.json, "resume"). Plain text, like every e-mail the site sends.
 */
export function resumeEmail(opts: {
  to: string;
  locale: Locale;
  service: string;
  link: string;
}): EmailMessage {
  const { service, link } = opts;
  const t = textFor(opts.locale, "email");
  return {
    to: opts.to,
    subject: t("resume.subject", { service }),
    text: [
      t("resume.saved", { service }),
      t("resume.link", { link }),
      t("resume.private"),
      t("signature"),
    ].join("\n\n"),
  };
}
