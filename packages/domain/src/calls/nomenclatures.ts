import { z } from '../zod.js';
import { ZSearchBody } from '../search.js';
import { catalogueItem, LAB_RESULT_CODE_OUTPUT, SOCIAL_REASON_OUTPUT, ZLabResultCodeInput, ZSimpleInput, ZSocialReasonInput } from '../nomenclatures.js';
import type { TErrorCode } from '../errors.js';
import { CORE, defineCall } from './define.js';

const ZIdParams = z.object({ id: z.string().uuid() });
const ZOk = z.object({ ok: z.literal(true) });

/**
 * The five calls of one catalogue (search, get, create, update, remove) under `path`, named
 * `<name>.<action>`: the nomenclatures below, categories, and any other catalogue the server
 * registers with its generic catalogue routes (apps/server/src/modules/nomenclatures/catalogue.ts).
 */
export function catalogueCalls<S extends z.ZodRawShape, O extends z.ZodRawShape>(name: string, path: string, input: z.ZodObject<S>, output: O) {
  const item = catalogueItem(output);
  return {
    search: defineCall({ name: `${name}.search`, method: 'POST', path: `${path}/search`, body: ZSearchBody, response: z.array(item.partial()), page: true }),
    get: defineCall({ name: `${name}.get`, method: 'GET', path: `${path}/:id`, params: ZIdParams, response: item, errors: ['notFound'] }),
    create: defineCall({ name: `${name}.create`, method: 'POST', path, body: input, response: item, errors: ['alreadyExists'] }),
    update: defineCall({
      name: `${name}.update`,
      method: 'PATCH',
      path: `${path}/:id`,
      params: ZIdParams,
      body: input.partial(),
      response: item,
      errors: ['notFound', 'alreadyExists'],
    }),
    remove: defineCall({ name: `${name}.remove`, method: 'DELETE', path: `${path}/:id`, params: ZIdParams, response: ZOk, errors: ['notFound'] }),
  };
}
/**
 * Any catalogue's calls: its body's fields unknown, its rows the common fields. A catalogue with calls
 * of its own (services, typologies) is one as they are: the same five calls, each with the errors it
 * may answer beyond these (a service's update also answers outsideSpace).
 */
type TOwnErrors<C> = { [K in keyof C]: Omit<C[K], 'errors'> & { readonly errors?: readonly TErrorCode[] } };
export type TCatalogueCalls = TOwnErrors<ReturnType<typeof catalogueCalls<z.ZodRawShape, Record<never, never>>>>;

/**
 * The nomenclatures (catalogues of name and description, some with a few extra fields): the base
 * path under /ms-core/api (also the OpenAPI tag), the create body and the extra fields of a row.
 * The server registers one set of catalogue routes per entry; the web's screens and selects send them.
 */
export const NOMENCLATURES = {
  areaTypes: { path: 'typeareas', input: ZSimpleInput, output: {} },
  paymentTypes: { path: 'paymenttypes', input: ZSimpleInput, output: {} },
  activities: { path: 'activities', input: ZSimpleInput, output: {} },
  companies: { path: 'enterprise', input: ZSimpleInput, output: {} },
  socialReasons: { path: 'socialreasons', input: ZSocialReasonInput, output: SOCIAL_REASON_OUTPUT },
  serviceCategories: { path: 'service-categories', input: ZSimpleInput, output: {} },
  employeeProfiles: { path: 'employee-profiles', input: ZSimpleInput, output: {} },
  employeeTypes: { path: 'employee-types', input: ZSimpleInput, output: {} },
  billingMethods: { path: 'billing-methods', input: ZSimpleInput, output: {} },
  labResultCodes: { path: 'lab-result-codes', input: ZLabResultCodeInput, output: LAB_RESULT_CODE_OUTPUT },
} as const;
export type TNomenclatureKey = keyof typeof NOMENCLATURES;
type TDefs = typeof NOMENCLATURES;

/** The base path of a nomenclature's calls (/ms-core/api/typeareas). */
export const nomenclatureBase = (key: TNomenclatureKey) => `${CORE}/${NOMENCLATURES[key].path}`;

/** The calls of one nomenclature: `nomenclatures.<key>.<action>` at /ms-core/api/<path>, typed from its own body and row. */
function callsOf<K extends TNomenclatureKey>(key: K) {
  const def: TDefs[K] = NOMENCLATURES[key];
  return catalogueCalls<TDefs[K]['input']['shape'], TDefs[K]['output']>(`nomenclatures.${key}`, nomenclatureBase(key), def.input, def.output);
}

/** One set of calls per nomenclature. */
export const nomenclatureCalls = {
  areaTypes: callsOf('areaTypes'),
  paymentTypes: callsOf('paymentTypes'),
  activities: callsOf('activities'),
  companies: callsOf('companies'),
  socialReasons: callsOf('socialReasons'),
  serviceCategories: callsOf('serviceCategories'),
  employeeProfiles: callsOf('employeeProfiles'),
  employeeTypes: callsOf('employeeTypes'),
  billingMethods: callsOf('billingMethods'),
  labResultCodes: callsOf('labResultCodes'),
} satisfies { [K in TNomenclatureKey]: unknown };

// One export per nomenclature too: the calls of each, found by platform/contracts.test.ts.
export const {
  areaTypes: areaTypeCalls,
  paymentTypes: paymentTypeCalls,
  activities: activityCalls,
  companies: companyCalls,
  socialReasons: socialReasonCalls,
  serviceCategories: serviceCategoryCalls,
  employeeProfiles: employeeProfileCalls,
  employeeTypes: employeeTypeCalls,
  billingMethods: billingMethodCalls,
  labResultCodes: labResultCodeCalls,
} = nomenclatureCalls;
