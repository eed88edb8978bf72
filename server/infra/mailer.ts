import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export type OutgoingEmail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  link: string;
};

export type Mailer = {
  send: (email: OutgoingEmail) => Promise<void>;
  /** Sends without making the caller wait, so a response's timing says nothing about delivery. */
  sendInBackground: (email: OutgoingEmail) => void;
  /** Resolves once every background send has finished (used at shutdown and in tests). */
  drain: () => Promise<void>;
};

type Log = {
  info: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

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
  const pending = new Set<Promise<void>>();

  async function send(email: OutgoingEmail): Promise<void> {
    const info = await transport.sendMail({
      from: options.from,
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
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

  return {
    send,
    sendInBackground(email) {
      const delivery = send(email)
        .catch((error) => log.error({ err: error, to: email.to }, 'Email could not be sent'))
        .finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
    async drain() {
      await Promise.all([...pending]);
    },
  };
}
