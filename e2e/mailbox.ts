import { expect } from '@playwright/test';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback for the specs whose story goes through an e-mail (the server under
 * test gets SMTP_URL pointing here): the messages as received, decoded enough to read a link.
 */
export interface TMail {
  to: string[];
  subject: string;
  text: string;
}

const decodeQuotedPrintable = (body: string) =>
  Buffer.from(
    body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

function parse(raw: string, to: string[]): TMail {
  const start = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, start);
  const body = raw.slice(start).trimStart();
  const subject = (/^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(headers)?.[1] ?? '')
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?(.*?)\?=/gi, (_m, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
  const text = /quoted-printable/i.test(headers) ? decodeQuotedPrintable(body) : /base64/i.test(headers) ? Buffer.from(body, 'base64').toString('utf8') : body;
  return { to, subject, text };
}

export async function startMailbox() {
  const received: TMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push(
          parse(
            raw,
            session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          ),
        );
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** Waits for the next message to `address` whose subject matches (and whose text contains `text`, when given), and takes it. */
    async next(address: string, subject: RegExp, text?: string) {
      let found: TMail | undefined;
      const matches = (m: TMail) => m.to.includes(address.toLowerCase()) && subject.test(m.subject) && (text === undefined || m.text.includes(text));
      await expect
        .poll(() => (found = received.find(matches)), {
          timeout: 30_000,
          message: `a mail to ${address}, subject ${subject}; received: ${received.map((m) => `${m.to.join(',')}: ${m.subject}`).join(' | ')}`,
        })
        .toBeTruthy();
      received.splice(received.indexOf(found!), 1);
      return found!;
    },
    /** Waits for the next message to `address` whose subject matches, and answers the path (with its key) of its link to `path`. */
    async linkFor(address: string, subject: RegExp, path: string) {
      let found: TMail | undefined;
      await expect
        .poll(() => (found = received.find((m) => m.to.includes(address.toLowerCase()) && subject.test(m.subject))), { timeout: 30_000 })
        .toBeTruthy();
      received.splice(received.indexOf(found!), 1);
      const match = new RegExp(`https?://[^/\\s]+(${path.replace(/[/?]/g, '\\$&')}\\?key=[A-Za-z0-9_%-]+)`).exec(found!.text);
      expect(match, found!.text).toBeTruthy();
      return match![1]!;
    },
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}
export type TMailbox = Awaited<ReturnType<typeof startMailbox>>;
