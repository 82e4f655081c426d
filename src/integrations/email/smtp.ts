import nodemailer from "nodemailer";
import { type EmailSender, headerSafe, messageIdOf, type OutgoingEmail } from "./email";

/**
 * The city's mail relay (SMTP_URL, e.g. smtps://user:pass@relay.example.gov:465), through
 * nodemailer. The Message-ID is the outbox item's id, so a message re-sent after a crash is
 * recognisably the same one. Timeouts stay well inside the outbox's lease.
 */
export function smtpSender(url: string, from: string, timeoutMs = 10_000): EmailSender {
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  return {
    async send(message: OutgoingEmail) {
      await transport.sendMail({
        from,
        to: headerSafe(message.to),
        subject: headerSafe(message.subject),
        text: message.text,
        messageId: messageIdOf(message.id, from),
      });
    },
  };
}
