/**
 * Outgoing e-mail (confirmation receipts, save-and-return links). Nothing sends mail from a web
 * request: callers enqueue an `email` item in the outbox (src/outbox/, ./handler.ts) and the
 * worker hands it to a sender. Two senders: the embedded one writes .eml files to data/outbox/
 * (./outbox.ts), the SMTP one (./smtp.ts) talks to the city's mail relay when SMTP_URL is set.
 */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
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
