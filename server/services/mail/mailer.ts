import type { SmtpConfig } from "../../config.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail. Failures throw; callers turn them into MAIL_FAILED. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Writes each message as a file under `<dataDir>/outbox/` (used when no SMTP server is configured,
 * and by tests to read the reset code).
 */
export function createOutboxMailer(outboxDir: string, clock: () => number = Date.now): Mailer {
  return {
    async send(message) {
      await Deno.mkdir(outboxDir, { recursive: true });
      const name = `${clock()}-${crypto.randomUUID().slice(0, 8)}.eml`;
      const body =
        `To: ${message.to}\nSubject: ${message.subject}\nDate: ${new Date(clock()).toUTCString()}\n` +
        `Content-Type: text/plain; charset=utf-8\n\n${message.text}\n`;
      await Deno.writeTextFile(`${outboxDir}/${name}`, body);
    },
  };
}

/** Sends through an SMTP server with nodemailer (loaded only when SMTP is configured). */
export async function createSmtpMailer(smtp: SmtpConfig): Promise<Mailer> {
  const nodemailer = (await import("nodemailer")).default;
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.user ? { user: smtp.user, pass: smtp.pass } : undefined,
  });
  return {
    async send(message) {
      await transport.sendMail({
        from: smtp.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
    },
  };
}
