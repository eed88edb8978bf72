import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedEmail = { to: string[]; raw: string; text: string };

/** A real SMTP listener on loopback that keeps what it receives. */
export async function startSmtpServer() {
  const received: ReceivedEmail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        received.push({ to, raw, text: decodeQuotedPrintable(raw) });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  /** The first email to `to` whose text contains `containing`, waiting for it if need be. */
  async function waitFor(to: string, containing = '', timeoutMs = 10_000): Promise<ReceivedEmail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = received.find((m) => m.to.includes(to) && m.text.includes(containing));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`No email to ${to} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The token of the first link to `path` in an email. */
export function tokenFromLink(email: ReceivedEmail, linkPath: string): string {
  const match = email.text.match(new RegExp(`${linkPath}\\?token=([\\w-]+)`));
  if (!match?.[1]) throw new Error(`No ${linkPath} link in the email:\n${email.text}`);
  return match[1];
}
