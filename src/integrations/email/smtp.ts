import type { Transporter } from "nodemailer";
import { type EmailSender, headerSafe, messageIdOf, type OutgoingEmail } from "./email";

/**
 * The city's mail relay (SMTP_URL, e.g. smtps://user:pass@relay.example.gov:465), through
 * nodemailer. The Message-ID is the outbox item's id, so a message re-sent after a crash is
 * recognisably the same one. Timeouts stay well inside the outbox's lease. Attachments are only
 * ever the text the message carries: nodemailer may not read a file or fetch an address for one.
 */
export function smtpSender(url: string, from: string, timeoutMs = 10_000): EmailSender {
  // nodemailer is loaded at the first message, not in every server's start-up.
  let transport: Promise<Transporter> | undefined;
  const transportOf = () =>
    (transport ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url,
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
        disableFileAccess: true,
        disableUrlAccess: true,
      }),
    ));
  return {
    async send(message: OutgoingEmail) {
      await (await transportOf()).sendMail({
        from,
        to: headerSafe(message.to),
        subject: headerSafe(message.subject),
        text: message.text,
        messageId: messageIdOf(message.id, from),
        ...(message.attachments?.length
          ? {
              attachments: message.attachments.map((attachment) => ({
                filename: headerSafe(attachment.filename),
                contentType: headerSafe(attachment.contentType),
                content: attachment.content,
              })),
            }
          : {}),
      });
    },
  };
}
