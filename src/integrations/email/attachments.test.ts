import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OutgoingEmail } from "./email";
import { emailHandler } from "./handler";
import { outboxSender } from "./outbox";
import { smtpSender } from "./smtp";

/**
 * A message with attachments (a department's copy of a submission) is proper MIME on both senders:
 * multipart/mixed, the text in its own part, each attachment base64 with its name and type, and
 * no value able to add a header.
 */
const message: OutgoingEmail = {
  id: "0b6f3d1e-8a2c-4f57-b1e9-5c7d2a4e6f80",
  to: "assessor-applications@cedarport.gov",
  subject: "Nueva solicitud: Deducción por vivienda principal (K7XW2M9Q)",
  text: "Nueva solicitud: Deducción por vivienda principal\n\nNúmero de referencia: K7XW2M9Q\n",
  attachments: [
    { filename: "K7XW2M9Q.json", contentType: "application/json", content: '{"name":"María López"}\n' },
  ],
};

interface Part {
  headers: string;
  body: string;
}

/** The parts of a multipart message: headers and body of each, split at the declared boundary. */
function parts(eml: string): { headers: string; parts: Part[] } {
  const [head = "", ...rest] = eml.split("\r\n\r\n");
  const unfolded = head.replace(/\r\n[ \t]+/g, " ");
  const boundary = /^Content-Type: multipart\/mixed; boundary="([^"]+)"/im.exec(unfolded)?.[1];
  if (!boundary) throw new Error(`not multipart/mixed:\n${head}`);
  const body = rest.join("\r\n\r\n");
  const pieces = body.split(`--${boundary}`).slice(1, -1);
  expect(body).toContain(`--${boundary}--`);
  return {
    headers: unfolded,
    parts: pieces.map((piece) => {
      const [headers = "", ...content] = piece.replace(/^\r\n/, "").split("\r\n\r\n");
      return {
        headers: headers.replace(/\r\n[ \t]+/g, " "),
        body: content.join("\r\n\r\n").replace(/\r\n$/, ""),
      };
    }),
  };
}

const decodeQuotedPrintable = (text: string) =>
  Buffer.from(
    text
      .replace(/=\r\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");

/** An RFC 2047 header value (encoded words, B or Q, as MailComposer folds them) as text. */
const decodedSubject = (headers: string) =>
  [...(/^Subject: (.*)$/m.exec(headers)?.[1] ?? "").matchAll(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi)]
    .map(([, encoding, word = ""]) =>
      encoding?.toUpperCase() === "B"
        ? Buffer.from(word, "base64").toString("utf8")
        : decodeQuotedPrintable(word.replace(/_/g, " ")),
    )
    .join("");

function expectDepartmentCopy(eml: string): void {
  const { headers, parts: [text, json, ...more] = [] } = parts(eml);
  expect(headers).toMatch(/^To: assessor-applications@cedarport\.gov$/m);
  expect(headers).toMatch(new RegExp(`^Message-ID: <${message.id}@cedarport\\.gov>$`, "mi"));
  expect(headers).toMatch(/^MIME-Version: 1\.0$/m);
  expect(decodedSubject(headers)).toBe(message.subject);
  expect(more).toEqual([]);
  expect(text?.headers).toMatch(/Content-Type: text\/plain; charset=utf-8/i);
  expect(text?.headers).toMatch(/Content-Transfer-Encoding: quoted-printable/i);
  // Line ends are CRLF on the wire; a final one is the part's own.
  expect(decodeQuotedPrintable(text?.body ?? "").replace(/(\r\n)+$/, "")).toBe(
    message.text.replace(/\n/g, "\r\n").replace(/(\r\n)+$/, ""),
  );
  expect(json?.headers).toMatch(/Content-Type: application\/json; name=K7XW2M9Q\.json/i);
  expect(json?.headers).toMatch(/Content-Disposition: attachment; filename=K7XW2M9Q\.json/i);
  expect(json?.headers).toMatch(/Content-Transfer-Encoding: base64/i);
  expect(Buffer.from(json?.body ?? "", "base64").toString("utf8")).toBe('{"name":"María López"}\n');
}

describe("the embedded sender, with an attachment", () => {
  const dir = mkdtempSync(join(tmpdir(), "cedarport-eml-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("writes multipart/mixed: the text, then the attachment", async () => {
    await outboxSender(dir, "no-reply@cedarport.gov").send(message);
    expectDepartmentCopy(readFileSync(join(dir, `${message.id}.eml`), "utf8"));
  });

  it("keeps typed values from adding headers", async () => {
    await outboxSender(dir).send({
      ...message,
      id: "c3",
      to: "a@example.com\r\nBcc: everyone@example.com",
      subject: "Hi\r\nBcc: everyone@example.com",
    });
    const eml = readFileSync(join(dir, "c3.eml"), "utf8");
    expect(eml).not.toMatch(/^Bcc:/im);
  });
});

describe("the e-mail handler", () => {
  it("refuses attachments whose name or type could break out of their header", async () => {
    const sent: OutgoingEmail[] = [];
    const handle = emailHandler({ send: async (m) => void sent.push(m) });
    const item = (attachments: unknown) => ({
      id: "x",
      kind: "email",
      payload: { to: "a@cedarport.gov", subject: "s", text: "t", attachments },
      attempt: 1,
      createdAt: "",
    });
    const bad = [
      [{ filename: 'a.json"\r\nBcc: x@y', contentType: "application/json", content: "{}" }],
      [{ filename: "a.json", contentType: "application/json\r\nBcc: x@y", content: "{}" }],
      [{ filename: "../a.json", contentType: "application/json", content: "{}" }],
      [{ filename: "a.json", contentType: "application/json", content: 1 }],
      "a.json",
    ];
    for (const attachments of bad)
      await expect(handle(item(attachments))).rejects.toThrow("attachments are not");
    await handle(item(message.attachments));
    expect(sent).toEqual([
      { id: "x", to: "a@cedarport.gov", subject: "s", text: "t", attachments: message.attachments },
    ]);
  });
});

describe("the SMTP sender, with an attachment", () => {
  const received: string[] = [];
  let server: SMTPServer;
  let port = 0;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          received.push(Buffer.concat(chunks).toString("utf8"));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("sends the same MIME: the text, then the attachment", async () => {
    await smtpSender(`smtp://127.0.0.1:${port}`, "no-reply@cedarport.gov").send(message);
    expect(received).toHaveLength(1);
    expectDepartmentCopy(received[0] ?? "");
  });
});
