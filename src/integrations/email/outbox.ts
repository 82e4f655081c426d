import { mkdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import MailComposer from "nodemailer/lib/mail-composer";
import { type EmailSender, headerSafe, messageIdOf, type OutgoingEmail } from "./email";

/** Ids are ours (UUIDs), but a file name is never built from anything else. */
const fileNameOf = (id: string) => `${id.replace(/[^A-Za-z0-9-]/g, "_")}.eml`;

/**
 * A message without attachments: one plain-text part, written as it always was (8-bit UTF-8, the
 * subject one base64 word), so a person or a test reading the file sees the text as sent.
 */
function plainMessage(message: OutgoingEmail, from: string): string {
  const subject = `=?UTF-8?B?${Buffer.from(headerSafe(message.subject)).toString("base64")}?=`;
  return [
    `From: ${headerSafe(from)}`,
    `To: ${headerSafe(message.to)}`,
    `Subject: ${subject}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: ${messageIdOf(message.id, from)}`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: 8bit",
    "",
    message.text,
    "",
  ].join("\r\n");
}

/**
 * A message with attachments: multipart/mixed, built by nodemailer's MailComposer (the same MIME
 * the SMTP sender sends), the text quoted-printable with CRLF line ends, each attachment base64.
 * Header values are made single-line first, and attachments are only ever the given text: the
 * composer may not read a file or fetch an address in their place.
 */
function composedMessage(message: OutgoingEmail, from: string): Promise<Buffer> {
  return new MailComposer({
    from: headerSafe(from),
    to: headerSafe(message.to),
    subject: headerSafe(message.subject),
    messageId: messageIdOf(message.id, from),
    date: new Date(),
    text: message.text.replace(/\r?\n/g, "\r\n"),
    attachments: (message.attachments ?? []).map((attachment) => ({
      filename: headerSafe(attachment.filename),
      contentType: headerSafe(attachment.contentType),
      content: attachment.content,
    })),
    disableFileAccess: true,
    disableUrlAccess: true,
  })
    .compile()
    .build();
}

/**
 * The embedded e-mail integration: each message is an RFC 5322 file `<message id>.eml` under `dir`.
 * Sending the same message again (a retry after a crash) rewrites the same file, and a file appears
 * whole or not at all (written aside, then renamed), so a reader never sees half a message.
 * Files are readable by the site's user only: they hold residents' personal data.
 */
export function outboxSender(dir: string, from = "no-reply@cedarport.gov"): EmailSender {
  return {
    async send(message: OutgoingEmail) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const eml = message.attachments?.length
        ? await composedMessage(message, from)
        : plainMessage(message, from);
      const file = join(dir, fileNameOf(message.id));
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, eml, { encoding: "utf8", mode: 0o600 });
      await rename(partial, file);
    },
  };
}
