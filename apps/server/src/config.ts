import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY like addresses. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies may tell the client's address in X-Forwarded-For (the sign-in limit counts per
 * address): unset or `false` trusts nobody, `true` everyone (only behind a proxy that overwrites
 * the header), a number trusts that many hops, else a comma-separated list of addresses and CIDRs.
 */
const ZTrustProxy = z
  .string()
  .optional()
  .transform((value, context): boolean | number | string[] => {
    const text = value?.trim();
    if (value === undefined || text === 'false') return false;
    if (text === 'true') return true;
    if (text && /^\d+$/.test(text)) return Number(text);
    const entries = (text ?? '').split(',').map((e) => e.trim());
    if (entries.length && entries.every(isAddressOrCidr)) return entries;
    context.addIssue({ code: 'custom', message: 'true, false, a hop count, or a comma-separated list of addresses/CIDRs' });
    return z.NEVER;
  });

/** TRUST_PROXY as Fastify takes it (its types lack the hop count, which it turns into this same function). */
export function fastifyTrustProxy(trust: boolean | number | string[]): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** An OpenID issuer is trusted over https only; plain http is for a provider on this machine (tests, development). */
function isSafeIssuer(value: string): boolean {
  const url = new URL(value);
  return url.protocol === 'https:' || (url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname));
}

/** Every environment variable the server reads, in one place (documented in the README). */
const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default(join(repoRoot, 'data')),
  DATABASE_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  SEED: z.enum(['demo', 'none']).default('demo'),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  /** With SEED=none, the company's name on the first start (its space, the PDF's cover, the space selector). */
  COMPANY_NAME: z.string().trim().min(1).max(200).default('Mi empresa'),
  PUBLIC_URL: z.string().url().optional(),
  WEB_DIST: z.string().default(join(repoRoot, 'apps/web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REFRESH_TOKEN_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Auditorías <no-reply@localhost>'),
  /** An HTTP gateway that takes POST {to, text} and sends the SMS; without it, texts go to DATA_DIR/outbox (decision 0040). */
  SMS_URL: z.string().url().optional(),
  JOB_POLL_MS: z.coerce.number().int().min(50).default(1000),
  SIGNIN_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  /** Recovery, sign-up, resend and access requests per address per minute (decision 0040). */
  ACCOUNT_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** The captcha's work: the browser tries up to this many hashes (about a second on a phone at 50 000). */
  CAPTCHA_MAX_NUMBER: z.coerce.number().int().min(1).max(10_000_000).default(50_000),
  TRUST_PROXY: ZTrustProxy,
  /** Google sign-in (decision 0046): the OAuth client's id; unset, the button is hidden and the calls answer SOC0001. */
  GOOGLE_CLIENT_ID: z.string().trim().min(1).max(300).optional(),
  /** The OpenID Connect issuer whose ID tokens are accepted: Google's, or another provider's (https, or http on a loopback address). */
  GOOGLE_ISSUER: z.string().url().refine(isSafeIssuer, 'https, or http on a loopback address').default('https://accounts.google.com'),
  /** Where the provider sends the browser back: the web's /login/google page (default PUBLIC_URL + /login/google). */
  GOOGLE_REDIRECT_URI: z.string().url().optional(),
  /** File store: local disk under DATA_DIR/files unless S3_BUCKET is set (then S3 or any S3-compatible server). */
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Largest file POST /files/upload accepts (images are re-encoded and end far smaller). */
  UPLOAD_MAX_MB: z.coerce.number().min(1).max(200).default(20),
});

export type TConfig = z.infer<typeof ZEnv> & { jwtSecret: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const config = parsed.data;
  return { ...config, jwtSecret: config.JWT_SECRET ?? localSecret(config.DATA_DIR) };
}

/** Without JWT_SECRET, a random secret is kept in DATA_DIR so sessions survive restarts of one machine. */
function localSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
