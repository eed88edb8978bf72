import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedEmail = {
  to: string[];
  raw: string;
  text: string;
  /** A header's unfolded value, or undefined. */
  header: (name: string) => string | undefined;
};

function headerOf(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded
    .split(/\r?\n/)
    .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  const value = line?.slice(name.length + 1).trim();
  return value === undefined ? undefined : decodeEncodedWords(value);
}

export type SmtpSinkOptions = {
  /** Refuse this many messages first (451, try again later), as a struggling server would. */
  rejectFirst?: number;
  /** Hold each message this long before accepting it (a slow mail server). */
  delayMs?: number;
};

/** A real SMTP listener on loopback that keeps what it receives. */
export async function startSmtpServer(options: SmtpSinkOptions = {}) {
  const received: ReceivedEmail[] = [];
  const waiters: Array<() => void> = [];
  let rejectsLeft = options.rejectFirst ?? 0;
  let refused = 0;
  const closedSessions = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onClose(session) {
      closedSessions.add(session.id);
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', async () => {
        if (rejectsLeft > 0) {
          rejectsLeft -= 1;
          refused += 1;
          const error = new Error('Mailbox busy, try again later') as Error & {
            responseCode: number;
          };
          error.responseCode = 451;
          callback(error);
          return;
        }
        if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
        // The client went away before we said 250: like a real server, take no responsibility.
        if (closedSessions.has(session.id)) return;
        const to = session.envelope.rcptTo.map((r) => r.address);
        received.push({
          to,
          raw,
          text: decodeBodies(raw),
          header: (name) => headerOf(raw, name),
        });
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
    /** How many messages were refused so far. */
    refused: () => refused,
    /** Refuse the next `count` messages (451). */
    rejectNext: (count: number) => {
      rejectsLeft = count;
    },
    waitFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The message as text a test can search: quoted-printable decoded, and each base64 part (what
 * nodemailer picks for text mostly outside ASCII, Arabic say) followed by its decoded text.
 */
function decodeBodies(raw: string): string {
  const base64Parts = [
    ...raw.matchAll(
      /Content-Transfer-Encoding: base64\r?\n(?:[\w-]+:[^\r\n]*\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/gi,
    ),
  ].map((match) => Buffer.from((match[1] ?? '').replace(/\s/g, ''), 'base64').toString('utf8'));
  return [decodeQuotedPrintable(raw), ...base64Parts].join('\n');
}

/** Quoted-printable bytes back to UTF-8 text (the raw message itself is 7-bit ASCII). */
function decodeQuotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=) in a header, decoded. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

/** The token of the first link to `path` in an email. */
export function tokenFromLink(email: ReceivedEmail, linkPath: string): string {
  const match = email.text.match(new RegExp(`${linkPath}\\?token=([\\w-]+)`));
  if (!match?.[1]) throw new Error(`No ${linkPath} link in the email:\n${email.text}`);
  return match[1];
}
