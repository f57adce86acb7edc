import { IVA_GROUPS, type TIvaGroup } from '@audit/domain/constants';
import { DEFAULT_VALUE_GOAL, ZServiceFields, ZServiceInput } from '@audit/domain/services';
import { catalogueService, type TCatalogueDefinition } from '../nomenclatures/catalogue.js';
import { serviceCategoriesService } from '../nomenclatures/definitions.js';
import { appendGoal } from './repo.js';
import { services } from './tables.js';

const IVA_GROUP_NAMES = Object.keys(IVA_GROUPS) as [TIvaGroup, ...TIvaGroup[]];

/** Service (product document, sections 3 and 5); its body is the domain's ZServiceInput (serviceCalls.create). */
export const serviceDef: TCatalogueDefinition = {
  table: services,
  module: 'SERVICES',
  section: 'services',
  input: ZServiceInput,
  output: ZServiceFields.shape,
  fields: {
    category: { column: services.category, type: 'uuid' },
    executionTime: { column: services.executionTime, type: 'number' },
    price: { column: services.price, type: 'number' },
    groupIva: { column: services.groupIva, type: 'enum', values: IVA_GROUP_NAMES },
    salesAccount: { column: services.salesAccount, type: 'number' },
    code: { column: services.code, type: 'text' },
    isPoolService: { column: services.isPoolService, type: 'boolean' },
  },
  toValues: (input) => {
    const keys = ['category', 'executionTime', 'price', 'groupIva', 'salesAccount', 'code', 'isPoolService'] as const;
    return Object.fromEntries(keys.filter((k) => input[k] !== undefined).map((k) => [k, input[k]]));
  },
  present: (row) => ({
    category: row.category ?? null,
    executionTime: Number(row.executionTime),
    price: Number(row.price),
    groupIva: row.groupIva,
    ivaPercentage: IVA_GROUPS[row.groupIva as TIvaGroup] ?? 0,
    salesAccount: Number(row.salesAccount),
    code: row.code ?? null,
    type: row.type,
    isPoolService: row.isPoolService === true,
  }),
  /** Its space's goals offer it at once, with the default goal (docs/decisions/0023). */
  afterCreate: (tx, _caller, row) => appendGoal(tx, { id: row.spaceId, secureSpacePath: row.secureSpacePath }, row.id, DEFAULT_VALUE_GOAL),
  validate: async (tx, caller, input) => serviceCategoriesService.assertVisible(tx, caller, [input.category as string | null], 'category'),
};

export const servicesService = catalogueService(serviceDef);
