import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface TSmsMessage {
  to: string;
  text: string;
}

/** Sends a text message (decision 0040: the spec names no SMS channel). */
export interface TSmsSender {
  description: string;
  send(message: TSmsMessage): Promise<void>;
}

/**
 * SMS_URL set: the message is POSTed as JSON {to, text} to that gateway (any HTTP-to-SMS service or
 * a small adapter in front of one); a non-2xx answer fails the job, which is retried. Without it,
 * each message is a `.sms` text file in DATA_DIR/outbox, next to the e-mails without SMTP.
 */
export function createSmsSender(options: { smsUrl?: string; dataDir: string }): TSmsSender {
  if (options.smsUrl) {
    const url = options.smsUrl;
    return {
      description: `SMS gateway ${new URL(url).host}`,
      async send(message) {
        const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(message) });
        if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
      },
    };
  }
  const outbox = join(options.dataDir, 'outbox');
  return {
    description: `files in ${outbox}`,
    async send(message) {
      await mkdir(outbox, { recursive: true });
      await writeFile(
        join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.sms`),
        `To: ${message.to}\n\n${message.text}\n`,
      );
    },
  };
}
