import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { z } from 'zod';

export const outgoingEmailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** The one link the email is about; logged when the email goes to the outbox. */
  link: z.string(),
  /** Extra headers, e.g. List-Unsubscribe. */
  headers: z.record(z.string(), z.string()).optional(),
});
export type OutgoingEmail = z.infer<typeof outgoingEmailSchema>;

export type Mailer = {
  /** `messageId` makes a repeated delivery of the same email recognisable as one. */
  send: (email: OutgoingEmail, options?: { messageId?: string }) => Promise<void>;
};

type Log = { info: (obj: object, msg: string) => void };

/**
 * SMTP when SMTP_URL is set; otherwise each message lands in DATA_DIR/outbox as an .eml file and
 * its link is logged, so password reset works on a laptop with nothing else installed.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: Log;
}): Mailer {
  const { log } = options;
  const outbox = path.resolve(options.dataDir, 'outbox');
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  async function send(email: OutgoingEmail, sendOptions: { messageId?: string } = {}) {
    const info = await transport.sendMail({
      from: options.from,
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
      headers: email.headers,
      messageId: sendOptions.messageId,
    });
    if (options.smtpUrl) return;
    await mkdir(outbox, { recursive: true });
    const file = path.join(outbox, `${Date.now()}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`);
    await writeFile(file, (info as unknown as { message: Buffer }).message, { mode: 0o600 });
    log.info(
      { to: email.to, file, link: email.link },
      `Email "${email.subject}" written to the outbox`,
    );
  }

  return { send };
}
