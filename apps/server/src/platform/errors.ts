import { isDatabaseLost, RETRY_AFTER_SECONDS } from './database-lost.js';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CATALOGUE, findCatalogueEntry, type TErrorBody, type TErrorCode, type TErrorName } from '@audit/domain/errors';
import { requestLanguage } from './language.js';
import { duplicateAnswer } from './unique-violations.js';

/** The one error class: a named catalogue code (packages/domain/src/errors.ts), optionally the offending fields. */
export class AppError extends Error {
  readonly errorName: TErrorName;
  readonly reference: string;
  constructor(
    readonly code: TErrorCode,
    readonly fields?: string[],
    detail?: string,
  ) {
    const entry = CATALOGUE[code];
    super(detail ?? `${entry.name}.${entry.reference}`);
    this.errorName = entry.name;
    this.reference = entry.reference;
  }
}

export const notFound = () => new AppError('notFound');
export const outsideSpace = () => new AppError('outsideSpace');
export const forbidden = () => new AppError('forbidden');
export const unauthenticated = () => new AppError('sessionExpired');
export const invalidData = (fields: string[]) => new AppError('invalidData', fields);

export function errorBody(name: TErrorName, reference: string | number, language: string, fields?: string[]): { status: number; body: TErrorBody } {
  const entry = findCatalogueEntry(name, reference) ?? findCatalogueEntry('INTERNALERROR', 0)!;
  return {
    status: entry.status,
    body: {
      name: entry.name,
      reference: entry.reference,
      message: language === 'en' ? entry.en : entry.es,
      ...(fields?.length ? { fields } : {}),
    },
  };
}

interface TValidationIssue {
  instancePath?: string;
  /** The zod issue's code (fastify-type-provider-zod). */
  keyword?: string;
  params?: { issue?: { path?: (string | number)[]; format?: string }; origin?: string; params?: { bound?: boolean; catalogue?: 'idsRequired' } };
}

/** A number beyond its bounds (decision 0026) or a text beyond its length: their own codes, so the form can say why. */
function boundCode(issues: TValidationIssue[]): 'outOfRange' | 'textTooLong' | null {
  const size = (i: TValidationIssue) => i.keyword === 'too_big' || i.keyword === 'too_small';
  const range = (i: TValidationIssue) =>
    (size(i) && (i.params?.origin === 'number' || i.params?.origin === 'int')) || (i.keyword === 'custom' && i.params?.params?.bound === true);
  const long = (i: TValidationIssue) => i.keyword === 'too_big' && i.params?.origin === 'string';
  if (issues.length && issues.every(range)) return 'outOfRange';
  if (issues.length && issues.every(long)) return 'textTooLong';
  return null;
}

/** Maps a schema failure to the catalogue: a malformed id is 412, an empty id list 410, anything else 400 naming the fields. */
function fromValidation(error: FastifyError): AppError {
  const issues = (error.validation ?? []) as TValidationIssue[];
  const fields = [
    ...new Set(issues.map((i) => (i.params?.issue?.path ?? []).join('.') || (i.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.')).filter(Boolean)),
  ];
  const context = error.validationContext;
  if (context === 'params') return new AppError('badIdFormat', fields);
  // An empty list of ids (zIdList in the domain) is the catalogue's own 410.
  if (issues.some((i) => i.params?.params?.catalogue === 'idsRequired')) return new AppError('idsRequired', fields);
  const bound = boundCode(issues);
  if (bound) return new AppError(bound, fields.length ? fields : [String(context ?? 'body')]);
  return invalidData(fields.length ? fields : [String(context ?? 'body')]);
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    const language = requestLanguage(request);
    let appError: AppError;
    const duplicate = error instanceof AppError ? undefined : duplicateAnswer(error);
    if (error instanceof AppError) appError = error;
    else if (duplicate) appError = new AppError(duplicate.code, duplicate.fields);
    else if ((error as FastifyError).validation) appError = fromValidation(error as FastifyError);
    else if ((error as FastifyError).statusCode === 429) appError = new AppError('tooManyAttempts');
    else if ((error as FastifyError).statusCode === 413) appError = new AppError('requestTooLarge');
    else if ((error as FastifyError).statusCode && (error as FastifyError).statusCode! < 500) {
      // Malformed JSON, wrong content type, body too large: the client's fault, never a stack.
      appError = invalidData([]);
    } else if (isDatabaseLost(error)) {
      request.log.warn({ err: error, requestId: request.id }, 'database unreachable');
      appError = new AppError('databaseUnavailable');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    } else {
      request.log.error({ err: error, requestId: request.id }, 'unexpected error');
      appError = new AppError('internal');
    }
    const { status, body } = errorBody(appError.errorName, appError.reference, language, appError.fields);
    if (status >= 500) body.requestId = request.id;
    return reply.status(status).send(body);
  });
}
