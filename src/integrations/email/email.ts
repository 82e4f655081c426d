/**
 * Outgoing e-mail (confirmation receipts, save-and-return links, a department's copy of a
 * submission with its answers attached). Nothing sends mail from a web
 * request: callers enqueue an `email` item in the outbox (src/outbox/, ./handler.ts) and the
 * worker hands it to a sender. Two senders: the embedded one writes .eml files to data/outbox/
 * (./outbox.ts), the SMTP one (./smtp.ts) talks to the city's mail relay when SMTP_URL is set.
 */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  /** Files sent with it (a department's copy of the answers as JSON); never a resident's uploads. */
  attachments?: EmailAttachment[];
}

/** A file attached to a message: text (UTF-8), sent base64-encoded in its own MIME part. */
export interface EmailAttachment {
  /** A plain name ("K7XW2M9Q.json"): letters, digits, dots, hyphens and underscores. */
  filename: string;
  /** A MIME type such as application/json. */
  contentType: string;
  content: string;
}

/** What an attachment's name and type may be: nothing that could end a header or a parameter. */
export const ATTACHMENT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
export const ATTACHMENT_TYPE = /^[a-z0-9][a-z0-9.+-]*\/[a-z0-9][a-z0-9.+-]*$/;

export function isEmailAttachment(value: unknown): value is EmailAttachment {
  if (value === null || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.filename === "string" &&
    ATTACHMENT_NAME.test(v.filename) &&
    typeof v.contentType === "string" &&
    ATTACHMENT_TYPE.test(v.contentType) &&
    typeof v.content === "string"
  );
}

/** A message on its way out. `id` is its idempotency key: the Message-ID, the same on every retry. */
export interface OutgoingEmail extends EmailMessage {
  id: string;
}

export interface EmailSender {
  send(message: OutgoingEmail): Promise<void>;
}

/** Header values must not smuggle new headers in (a resident types their own address). */
export const headerSafe = (value: string) => value.replace(/[\r\n]+/g, " ").trim();

/** `<id@domain>`, the domain taken from the sender's address. */
export function messageIdOf(id: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "cedarport.gov";
  return `<${id}@${domain}>`;
}
