/** Business constants of the calls document, section 9. */
export const ACCESS_TOKEN_TTL_MS = 72e5; // 2 hours
export const LANGUAGES = ['es', 'en'] as const;
export type TLanguage = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: TLanguage = 'es';

/** The total of a search's results, sent beside its page (calls document). */
export const TOTAL_COUNT_HEADER = 'x-total-count';
export const QUERY_STALE_TIME_MS = 60000;
export const SEARCH_DEBOUNCE_MS = 250;
export const SELECTOR_PAGE_SIZE = 50;
export const TEMPLATE_PAGE_SIZE = 25;
export const DIRECTORY_PAGE_SIZE = 25;
export const MOBILE_MAX_WIDTH = 992;
export const SIDEBAR_WIDTH = 290;
export const SIDEBAR_COLLAPSED_WIDTH = 70;
export const NOTIFICATION_DRAWER_WIDTH = 500;
export const DESCRIPTION_MAX_LENGTH = 500;

export const USER_STATUSES = ['ACTIVE', 'LOCK', 'UNVERIFIED', 'DELETED'] as const;
export type TUserStatus = (typeof USER_STATUSES)[number];

export const SPACE_TYPES = ['STRUCTURE', 'ESTABLISHMENT', 'AREA'] as const;
export type TSpaceType = (typeof SPACE_TYPES)[number];

export const REPORT_TYPES = ['issues', 'percent', 'auditRisks', 'default'] as const;
export const TRACE_TYPES = ['CREATE', 'UPDATE', 'REMOVE', 'RESTORE'] as const;
export type TTraceType = (typeof TRACE_TYPES)[number];

export const RISK_LEVELS = ['high', 'medium', 'low', 'infrastructure', 'IE', 'P1'] as const;
/** Risk colours (calls document, section 9): high red, medium orange, low yellow, infrastructure blue; IE and P1 count as high. */
export const RISK_COLORS: Record<(typeof RISK_LEVELS)[number], string> = {
  high: '#f5222d',
  medium: '#fa8c16',
  low: '#fadb14',
  infrastructure: '#1677ff',
  IE: '#f5222d',
  P1: '#f5222d',
};
/** An audit's recalculated risk (product document, report view): red high, yellow medium, green low. */
export const AUDIT_RISK_COLORS = { HIGH: '#f5222d', MEDIUM: '#fadb14', LOW: '#52c41a' } as const;
export const REGISTER_AREAS = ['KITCHEN', 'POOL', 'LEGIONELLA', 'OTHERS'] as const;
/** What a user may see of the registers, by area: the registers' own areas. */
export const AREA_ACCESSES = REGISTER_AREAS;
export type TAreaAccess = (typeof AREA_ACCESSES)[number];
export const LAB_DATA_AREAS = ['labDataFood', 'labDataPool', 'labDataLegionella', 'labDataOthers'] as const;

/** Sign-in lockout: after this many consecutive failures the account cools down. */
export const MAX_FAILED_SIGNINS = 5;
export const SIGNIN_LOCK_MINUTES = 15;

/** Clients and nomenclatures (product document, sections 3 and 5; calls document, section 9). */
export const PHONE_TYPES = ['mobile', 'home', 'work', 'other'] as const;
export type TPhoneType = (typeof PHONE_TYPES)[number];
/** IVA groups of a service: typeA 0 % (exempt), typeB 10 %, typeC 21 %. */
export const IVA_GROUPS = { typeA: 0, typeB: 10, typeC: 21 } as const;
export type TIvaGroup = keyof typeof IVA_GROUPS;
export const DEFAULT_IVA_GROUP: TIvaGroup = 'typeA';
export const CATEGORY_TYPES = ['TEMPLATE', 'REGISTER'] as const;
export type TCategoryType = (typeof CATEGORY_TYPES)[number];
export const SERVICE_TYPE = 'SERVICE';
