import type { OutboxHandler } from "../../outbox";
import { type EmailMessage, type EmailSender, isEmailAttachment } from "./email";

/** The outbox kind of e-mails; its payload is an EmailMessage. */
export const EMAIL = "email";

function isEmailMessage(value: unknown): value is EmailMessage {
  if (value === null || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return typeof v.to === "string" && typeof v.subject === "string" && typeof v.text === "string";
}

/** Sends `email` items with `sender`, the item's id as the message's id. */
export function emailHandler(sender: EmailSender): OutboxHandler {
  return async (item) => {
    if (!isEmailMessage(item.payload)) throw new Error("an e-mail item without to, subject and text");
    const { to, subject, text, attachments } = item.payload;
    if (attachments === undefined) return sender.send({ id: item.id, to, subject, text });
    if (!Array.isArray(attachments) || !attachments.every(isEmailAttachment))
      throw new Error("an e-mail item whose attachments are not { filename, contentType, content }");
    await sender.send({ id: item.id, to, subject, text, attachments });
  };
}
