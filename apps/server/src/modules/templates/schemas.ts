import { z } from 'zod';
import { TEMPLATE_PAGE_SIZE } from '@audit/domain/constants';
import { ZSearchBody } from '@audit/domain/search';
import { SECTIONS_PAGE_SIZE } from '@audit/domain/templates';

/** Response schemas: the allow-list of what leaves the server; packages/domain's (the web infers its types from them). */
export {
  ZCategoryRef,
  ZFieldOut,
  ZIeQuestionOut,
  ZIeSectionOut,
  ZIncidentOut,
  ZQuestionOut,
  ZRef,
  ZSectionOut,
  ZTemplateOut,
  ZTemplateSummary,
} from '@audit/domain/templates';
export { ZReadingRegistryConfigOut as ZReadingRegistryOut, ZSelectConfigOut as ZSelectOut } from '@audit/domain/templates';

/** Paged search bodies with the calls document's page sizes as defaults (templates 25, sections 35). */
export const ZTemplateSearchBody = ZSearchBody.extend({ size: ZSearchBody.shape.size.unwrap().default(TEMPLATE_PAGE_SIZE) });
export const ZSectionSearchBody = ZSearchBody.extend({ size: ZSearchBody.shape.size.unwrap().default(SECTIONS_PAGE_SIZE) });

/** Moving an item: its new 0-based position among its siblings (clamped to the list). */
export const ZOrderBody = z.object({ position: z.number().int().min(0).max(10000) });
