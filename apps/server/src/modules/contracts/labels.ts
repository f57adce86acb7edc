import type { TServiceContractStatus } from '@audit/domain/contracts/schemas';
import type { TAuth } from '../../platform/auth.js';

/** The texts of the contract's PDF and the list's workbook, in the user's language. */
export const LABELS = {
  es: {
    sheet: 'Contratos',
    excelFile: 'contratos.xlsx',
    pdfFile: (ref: string) => `contrato-${ref}.pdf`,
    headers: ['Referencia', 'Cliente', 'Estado', 'Inicio', 'Fin', 'Cierre', 'Servicios', 'Base imponible (€)', 'IVA (€)', 'Total (€)'],
    statuses: { DRAFT: 'Borrador', ACTIVE: 'Activo', CLOSED: 'Cerrado' } satisfies Record<TServiceContractStatus, string>,
    title: 'Contrato de servicios',
    client: 'Cliente',
    reference: 'Referencia',
    status: 'Estado',
    period: 'Vigencia',
    closeAt: 'Fecha de cierre',
    createdAt: 'Fecha de alta',
    open: 'sin fecha de fin',
    lineHeaders: ['Servicio', 'Cant./año', 'Precio ud.', 'IVA', 'Base', 'Cuota IVA', 'Total'],
    net: 'Base imponible',
    iva: 'IVA',
    total: 'Total',
    empty: '—',
  },
  en: {
    sheet: 'Contracts',
    excelFile: 'contracts.xlsx',
    pdfFile: (ref: string) => `contract-${ref}.pdf`,
    headers: ['Reference', 'Client', 'Status', 'Start', 'End', 'Closed', 'Services', 'Net (€)', 'VAT (€)', 'Total (€)'],
    statuses: { DRAFT: 'Draft', ACTIVE: 'Active', CLOSED: 'Closed' } satisfies Record<TServiceContractStatus, string>,
    title: 'Service contract',
    client: 'Client',
    reference: 'Reference',
    status: 'Status',
    period: 'Term',
    closeAt: 'Close date',
    createdAt: 'Created',
    open: 'no end date',
    lineHeaders: ['Service', 'Qty/year', 'Unit price', 'VAT', 'Net', 'VAT amount', 'Total'],
    net: 'Net amount',
    iva: 'VAT',
    total: 'Total',
    empty: '—',
  },
};
export type TContractLabels = (typeof LABELS)['es'];
export const languageOf = (caller: Pick<TAuth, 'language'>) => (caller.language === 'en' ? 'en' : 'es');
