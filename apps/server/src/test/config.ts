import { randomBytes } from 'node:crypto';
import { loadConfig } from '../config.js';

/** The configuration every test app runs with: its own secret, no rate limit in the way, no logs. */
export const testConfig = (env: Record<string, string> = {}) =>
  loadConfig({
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: '/tmp/audit-test-unused',
    SIGNIN_RATE_LIMIT: '1000',
    ACCOUNT_RATE_LIMIT: '1000',
    LOG_LEVEL: 'silent',
    ...env,
  });
