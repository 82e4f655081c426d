import type { Locale } from "../domain/localize";
import type { EmailMessage } from "../integrations/email";

/**
 * The e-mail a resident gets when staff change where their request stands, in the language they
 * used for it. It names the new status and, when staff wrote one, their note; the link opens the
 * status page, where the reference and the resident's e-mail show the whole history.
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
  if (opts.locale === "es")
    return {
      to: opts.to,
      subject: `Actualización de su solicitud: ${service} (${reference})`,
      text: [
        `Su solicitud ${reference} (${service}) tiene un nuevo estado: ${status}.`,
        ...(note ? [`Nota del personal de la ciudad:\n${note}`] : []),
        `Vea el estado y su historial en ${statusPage} con su número de referencia y su correo electrónico.`,
        `Si tiene preguntas, llame al ${phone}.`,
        "Ciudad y Condado Consolidado de Cedarport",
      ].join("\n\n"),
    };
  return {
    to: opts.to,
    subject: `Update on your request: ${service} (${reference})`,
    text: [
      `Your request ${reference} (${service}) has a new status: ${status}.`,
      ...(note ? [`A note from city staff:\n${note}`] : []),
      `See where it stands and its history at ${statusPage} with your reference number and your e-mail address.`,
      `If you have questions, call ${phone}.`,
      "Consolidated City and County of Cedarport",
    ].join("\n\n"),
  };
}
