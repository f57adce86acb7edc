import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface TMailMessage {
  to: string[];
  subject: string;
  text: string;
  /** Files sent with the message (the statistics digest's PDF, decision 0091). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface TMailTransport {
  /** Where mail goes, for the start-up banner. */
  description: string;
  send(message: TMailMessage): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set (smtp://user:pass@host:port, smtps:// for TLS). Without it, a fresh
 * install still works: each message is written as an .eml file in DATA_DIR/outbox.
 */
export function createMailTransport(options: { smtpUrl?: string; from: string; dataDir: string }): TMailTransport {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      description: `SMTP ${new URL(options.smtpUrl).host}`,
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const outbox = join(options.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `files in ${outbox}`,
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(outbox, { recursive: true });
      await writeFile(join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`), info.message as Buffer);
    },
  };
}
