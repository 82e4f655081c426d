/**
 * Outgoing e-mail (confirmation receipts, save-and-return links). One interface; the embedded
 * implementation writes .eml files to data/outbox/, a real one would call the city's mail relay.
 */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface EmailSender {
  send(message: EmailMessage): Promise<{ id: string }>;
}
