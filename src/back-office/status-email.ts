import type { Locale } from "../domain/localize";
import { textFor } from "../i18n";
import type { EmailMessage } from "../integrations/email";

/**
 * The e-mail a resident gets when staff change where their request stands, in the language they
 * used for it. It names the new status and, when staff wrote one, their note; the link opens the
 * status page, where the reference and the resident's e-mail show the whole history. Its words
 * are in locales/<lang>/email.json ("status").
 */
export function statusEmail(opts: {
  to: string;
  locale: Locale;
  service: string;
  reference: string;
  status: string;
  note: string | null;
  statusPage: string;
  phone: string;
}): EmailMessage {
  const { service, reference, status, note, statusPage, phone } = opts;
  const t = textFor(opts.locale, "email");
  return {
    to: opts.to,
    subject: t("status.subject", { service, reference }),
    text: [
      t("status.newStatus", { reference, service, status }),
      ...(note ? [t("status.note", { note })] : []),
      t("status.statusPage", { statusPage }),
      t("status.questions", { phone }),
      t("signature"),
    ].join("\n\n"),
  };
}
