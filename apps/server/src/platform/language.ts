import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, LANGUAGES, type TLanguage } from '@audit/domain/constants';

/** The user's language: explicit header, then Accept-Language, else Spanish. */
export function requestLanguage(request: FastifyRequest): TLanguage {
  const explicit = request.headers['x-language'];
  if (typeof explicit === 'string' && (LANGUAGES as readonly string[]).includes(explicit)) return explicit as TLanguage;
  const accept = request.headers['accept-language'];
  if (typeof accept === 'string') {
    for (const part of accept.split(',')) {
      const code = part.trim().slice(0, 2).toLowerCase();
      if ((LANGUAGES as readonly string[]).includes(code)) return code as TLanguage;
    }
  }
  return DEFAULT_LANGUAGE;
}
