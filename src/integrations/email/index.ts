import { join } from "node:path";
import type { EmailSender } from "./email";
import { outboxSender } from "./outbox";
import { smtpSender } from "./smtp";

export type { EmailAttachment, EmailMessage, EmailSender, OutgoingEmail } from "./email";
export { EMAIL, emailHandler } from "./handler";

/** The sender configuration selects: the city's relay when SMTP_URL is set, else files in data/outbox/. */
export function createEmailSender(config: {
  smtpUrl: string | undefined;
  dataDir: string;
  mailFrom: string;
}): EmailSender {
  return config.smtpUrl
    ? smtpSender(config.smtpUrl, config.mailFrom)
    : outboxSender(join(config.dataDir, "outbox"), config.mailFrom);
}
