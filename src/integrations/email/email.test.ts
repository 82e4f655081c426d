import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailHandler } from "./handler";
import { outboxSender } from "./outbox";
import { smtpSender } from "./smtp";

const message = {
  id: "6f1c2a9e-0d1b-4c55-9a43-2b8d7e5f0a11",
  to: "maria.lopez@example.com",
  subject: "We received your application (K7XW2M9Q)",
  text: "Your reference number is K7XW2M9Q.",
};

describe("the embedded sender (.eml files)", () => {
  const dir = mkdtempSync(join(tmpdir(), "cedarport-eml-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("writes one file per message id, readable by the site only; a re-send replaces it", async () => {
    const sender = outboxSender(dir, "no-reply@cedarport.gov");
    await sender.send(message);
    await sender.send({ ...message, text: "Your reference number is K7XW2M9Q. (again)" });
    expect(readdirSync(dir)).toEqual([`${message.id}.eml`]);
    const eml = readFileSync(join(dir, `${message.id}.eml`), "utf8");
    expect(eml).toContain(`Message-ID: <${message.id}@cedarport.gov>\r\n`);
    expect(eml).toContain("To: maria.lopez@example.com\r\n");
    expect(eml).toContain("(again)");
    expect(statSync(join(dir, `${message.id}.eml`)).mode & 0o777).toBe(0o600);
  });

  it("keeps a typed address from adding headers", async () => {
    const sender = outboxSender(dir);
    await sender.send({ ...message, id: "b2", to: "a@example.com\r\nBcc: everyone@example.com" });
    const eml = readFileSync(join(dir, "b2.eml"), "utf8");
    expect(eml).not.toMatch(/^Bcc:/m);
  });

  it("refuses an outbox item that is not an e-mail", async () => {
    const handle = emailHandler(outboxSender(dir));
    await expect(
      handle({ id: "x", kind: "email", payload: { to: 1 }, attempt: 1, createdAt: "" }),
    ).rejects.toThrow("without to, subject and text");
  });
});

describe("the SMTP sender, against a mail relay on this machine", () => {
  const received: Array<{ from: string; to: string[]; data: string }> = [];
  let server: SMTPServer;
  let port = 0;
  let refuse = false;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onRcptTo(_address, _session, callback) {
        if (refuse) callback(Object.assign(new Error("mailbox unavailable"), { responseCode: 450 }));
        else callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            data: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("delivers the message with the outbox item's id as its Message-ID", async () => {
    const sender = smtpSender(`smtp://127.0.0.1:${port}`, "no-reply@cedarport.gov");
    await sender.send(message);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: "no-reply@cedarport.gov", to: ["maria.lopez@example.com"] });
    expect(received[0]?.data).toMatch(new RegExp(`^Message-ID: <${message.id}@cedarport.gov>`, "mi"));
    expect(received[0]?.data).toContain("Your reference number is K7XW2M9Q.");
  });

  it("fails (so the outbox retries) when the relay refuses", async () => {
    refuse = true;
    try {
      await expect(
        smtpSender(`smtp://127.0.0.1:${port}`, "no-reply@cedarport.gov").send(message),
      ).rejects.toThrow();
    } finally {
      refuse = false;
    }
  });
});
