import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { EmailMessage, EmailSender } from "./email";

/** Header values must not smuggle new headers in (a resident types their own address). */
const headerSafe = (value: string) => value.replace(/[\r\n]+/g, " ").trim();

/** The embedded e-mail integration: each message is an RFC 5322 file under `dir`. */
export function outboxSender(dir: string, from = "no-reply@cedarport.gov"): EmailSender {
  return {
    async send(message: EmailMessage) {
      const id = randomUUID();
      await mkdir(dir, { recursive: true });
      const subject = `=?UTF-8?B?${Buffer.from(headerSafe(message.subject)).toString("base64")}?=`;
      const eml = [
        `From: ${from}`,
        `To: ${headerSafe(message.to)}`,
        `Subject: ${subject}`,
        `Date: ${new Date().toUTCString()}`,
        `Message-ID: <${id}@cedarport.gov>`,
        "MIME-Version: 1.0",
        "Content-Type: text/plain; charset=utf-8",
        "Content-Transfer-Encoding: 8bit",
        "",
        message.text,
        "",
      ].join("\r\n");
      await writeFile(join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${id}.eml`), eml, "utf8");
      return { id };
    },
  };
}
