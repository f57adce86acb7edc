import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/**
 * What every request's input goes through before a route's schema sees it (docs/decisions/0022):
 *  - JSON bodies deeper than MAX_JSON_DEPTH are refused at parse time (REQ0002), before any
 *    recursive code (validation, serialisation, jsonb) can overflow the stack;
 *  - strings holding a NUL byte (PostgreSQL text cannot store it) or a lone UTF-16 surrogate (not
 *    Unicode; jsonb refuses its escape) are refused, in values and field names, in the body, the
 *    query string and the path (STR0001, `fields` naming each by its path, e.g. `filters.0.value`);
 *  - a body over the limit is REQ0001 (413), mapped in errors.ts.
 * Routes never see such input, so no route needs its own check.
 */
export const MAX_JSON_DEPTH = 64;

/** NUL, a high surrogate not followed by a low one, or a low one not preceded by a high one. */
const UNSAFE_CHARACTER = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSAFE_CHARACTERS = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A field name fit to be sent back in an error (the offending characters shown as U+FFFD). */
const printable = (key: string) => key.replace(UNSAFE_CHARACTERS, '\ufffd');

export const isUnsafeString = (text: string) => UNSAFE_CHARACTER.test(text);

/** Nesting depth of a JSON text, by one pass over its characters (brackets inside strings do not count). */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** Paths of every string (value or key) holding an unsafe character; iterative, so any shape is safe. */
export function unsafeStringPaths(value: unknown, prefix = ''): string[] {
  const found: string[] = [];
  const stack: [unknown, string][] = [[value, prefix]];
  while (stack.length) {
    const [item, path] = stack.pop()!;
    if (typeof item === 'string') {
      if (isUnsafeString(item)) found.push(path);
    } else if (Array.isArray(item)) {
      item.forEach((child, i) => stack.push([child, path ? `${path}.${i}` : String(i)]));
    } else if (item && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        const childPath = path ? `${path}.${printable(key)}` : printable(key);
        if (isUnsafeString(key)) found.push(childPath);
        else stack.push([child, childPath]);
      }
    }
  }
  return [...new Set(found)].sort();
}

/** The refusal of a request holding unsafe strings anywhere, or undefined. */
function unsafeStrings(request: FastifyRequest): AppError | undefined {
  const fields = [...unsafeStringPaths(request.params), ...unsafeStringPaths(request.query), ...unsafeStringPaths(request.body)];
  return fields.length ? new AppError('unsafeText', fields) : undefined;
}

export function registerUntrustedInput(app: FastifyInstance) {
  // Fastify's own parser (with its __proto__ / constructor poisoning protection) after a depth check.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) return done(new AppError('requestTooDeep', ['body']), undefined);
    return parseJson(request, text, done);
  });
  // Callback style: an async hook costs a promise and a turn of the microtask queue on every request.
  app.addHook('preValidation', (request, _reply, done) => done(unsafeStrings(request)));
}
