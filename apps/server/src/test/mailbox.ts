import { SMTPServer } from 'smtp-server';

/** One message as a loopback SMTP server received it. */
export interface TCaughtMail {
  to: string[];
  raw: string;
  /** The decoded subject and plain text (quoted-printable undone), for asserting on words and links. */
  subject: string;
  text: string;
}

function decodeQuotedPrintable(body: string) {
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeSubject(raw: string) {
  const line = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  return line
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?(.*?)\?=/gi, (_m, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** A real SMTP server on loopback that keeps what it receives (as the mail tests do). */
export async function startMailbox() {
  const received: TCaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        const start = raw.search(/\r?\n\r?\n/);
        const body = start >= 0 ? raw.slice(start).trimStart() : '';
        const text = /quoted-printable/i.test(raw) ? decodeQuotedPrintable(body) : /base64/i.test(raw) ? Buffer.from(body, 'base64').toString('utf8') : body;
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, subject: decodeSubject(raw), text });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Messages to that address, oldest first. */
    to: (address: string) => received.filter((m) => m.to.includes(address.toLowerCase())),
    clear: () => received.splice(0),
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}
export type TMailbox = Awaited<ReturnType<typeof startMailbox>>;

/** The key of the first link in a message whose path starts with `path`. */
export function linkKey(mail: TCaughtMail | undefined, path: string): string {
  const match = mail && new RegExp(`${path.replace(/[/?]/g, '\\$&')}\\?key=([A-Za-z0-9_%-]+)`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in ${mail?.text ?? 'no message'}`);
  return decodeURIComponent(match[1]!);
}
