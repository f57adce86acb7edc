/**
 * Registers (product document sections 2 to 6; docs/decisions/0031), split by concern:
 * register-schedule.ts (constants, periods and takes, values within limits), register-requests.ts
 * (what the calls accept) and register-responses.ts (what they answer).
 */
export * from './register-schedule.js';
export * from './register-requests.js';
export * from './register-responses.js';
