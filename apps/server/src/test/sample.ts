import { z } from 'zod';

/**
 * Builds a plausible request value from a route's zod schema, putting `id` wherever an
 * identifier can go. Used by the tenant-isolation test to reach each route's tenant checks with
 * another tenant's ids instead of stopping at validation.
 */
type TJsonSchema = {
  type?: string | string[];
  properties?: Record<string, TJsonSchema>;
  items?: TJsonSchema;
  prefixItems?: TJsonSchema[];
  anyOf?: TJsonSchema[];
  oneOf?: TJsonSchema[];
  allOf?: TJsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  default?: unknown;
};

const byName: [RegExp, (id: string) => unknown][] = [
  [/e-?mail/i, () => 'isolation.probe@example.com'],
  [/phone/i, () => '+34600000000'],
  [/password/i, () => 'Isolation123!'],
  [/^(username|identifier)$/i, () => 'isolation-probe'],
  [/(^|_)id$|Id$|^(space|parent|user|role|owner|entity|client|establishment|area|service|template|category)s?$/i, (id) => id],
];

function sampleOf(schema: TJsonSchema | undefined, id: string, name = ''): unknown {
  if (!schema) return id;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return sampleOf(variants.find((v) => v.type !== 'null') ?? variants[0], id, name);
  if (schema.allOf?.length) return sampleOf(schema.allOf[0], id, name);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, prop]) => [key, sampleOf(prop, id, key)]));
    case 'array':
      // A tuple (a date range, say) has one schema per position.
      if (schema.prefixItems?.length) return schema.prefixItems.map((item) => sampleOf(item, id, name));
      return [sampleOf(schema.items, id, name.replace(/s$/, ''))];
    case 'string': {
      if (schema.format === 'uuid') return id;
      if (schema.format === 'email') return 'isolation.probe@example.com';
      if (schema.format === 'date-time') return new Date().toISOString();
      // A day (YYYY-MM-DD), by format or by the pattern that spells it.
      if (schema.format === 'date' || schema.pattern === '^\\d{4}-\\d{2}-\\d{2}$') return new Date().toISOString().slice(0, 10);
      const rule = byName.find(([re]) => re.test(name));
      return rule ? rule[1](id) : 'isolation-probe';
    }
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    default:
      return id;
  }
}

/** Each route's JSON Schema, made once: the walks over every route ask for it thousands of times. */
const jsonSchemas = new WeakMap<z.ZodType, TJsonSchema | null>();

function jsonSchemaOf(schema: z.ZodType): TJsonSchema | null {
  if (!jsonSchemas.has(schema)) {
    let made: TJsonSchema | null;
    try {
      made = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as TJsonSchema;
    } catch {
      made = null;
    }
    jsonSchemas.set(schema, made);
  }
  return jsonSchemas.get(schema)!;
}

export function sampleFromZod(schema: unknown, id: string): unknown {
  if (!(schema instanceof z.ZodType)) return undefined;
  const json = jsonSchemaOf(schema);
  return json ? sampleOf(json, id) : {};
}

/** A route's path parameters, in order (`/audits/:id/answer/:answerId` → id, answerId). */
export const pathParams = (url: string) => [...url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);

/**
 * What a walk over the app's routes sends to one route: a query string sampled from its schema
 * with `id`, and (save for GET and DELETE) a body sampled with `bodyId`.
 */
export function sampleRequest(route: { method: string; schema?: { body?: unknown; querystring?: unknown } }, id: string, bodyId = id) {
  const query = sampleFromZod(route.schema?.querystring, id) as Record<string, unknown> | undefined;
  const qs = query ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}` : '';
  const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : (sampleFromZod(route.schema?.body, bodyId) ?? {});
  return { qs, body };
}
