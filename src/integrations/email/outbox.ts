import { mkdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { type EmailSender, headerSafe, messageIdOf, type OutgoingEmail } from "./email";

/** Ids are ours (UUIDs), but a file name is never built from anything else. */
const fileNameOf = (id: string) => `${id.replace(/[^A-Za-z0-9-]/g, "_")}.eml`;

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
      const subject = `=?UTF-8?B?${Buffer.from(headerSafe(message.subject)).toString("base64")}?=`;
      const eml = [
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
      const file = join(dir, fileNameOf(message.id));
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, eml, { encoding: "utf8", mode: 0o600 });
      await rename(partial, file);
    },
  };
}
