import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

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
  PUBLIC_URL: z.string().url().optional(),
  WEB_DIST: z.string().default(join(repoRoot, 'apps/web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REFRESH_TOKEN_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Auditorías <no-reply@localhost>'),
  JOB_POLL_MS: z.coerce.number().int().min(50).default(1000),
  SIGNIN_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  /** File store: local disk under DATA_DIR/files unless S3_BUCKET is set (then S3 or any S3-compatible server). */
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
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
