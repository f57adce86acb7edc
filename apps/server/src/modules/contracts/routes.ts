import type { FastifyInstance } from 'fastify';
import { serviceContractCalls as calls } from '@audit/domain/contracts/calls';
import { requireAuth, requires } from '../../platform/auth.js';
import { attachment, sendPage, type TModuleContext } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import { companyCover } from '../reports/pdf/company.js';
import { exportContracts } from './export.js';
import { LABELS, languageOf } from './labels.js';
import { contractPdf } from './pdf.js';
import { searchContracts } from './search.js';
import * as service from './service.js';

const auth = requireAuth;
const tags = ['contracts'];

/** /ms-core/api/contracts: service contracts (decision 0083), gated by the CONTRACT permissions. */
export async function serviceContractRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const read = requires('CONTRACT:READ');
  route(app, calls.search, {
    config: read,
    tags,
    summary: 'Paged search of service contracts: client, status (DRAFT, ACTIVE, CLOSED), service, startDate; search on the reference and service names',
    handler: async (req, reply) => sendPage(reply, await searchContracts(ctx, auth(req), req.body)),
  });
  route(app, calls.exportExcel, {
    config: read,
    tags,
    summary: 'The filtered contracts list (the search body) as an Excel file, amounts in euros, in the user’s language (832 when empty)',
    handler: async (req, reply) => {
      const { stream, fileName } = await exportContracts(ctx, auth(req), req.body);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', attachment(fileName))
        .send(stream);
    },
  });
  route(app, calls.create, {
    config: requires('CONTRACT:CREATE'),
    tags,
    summary: 'Create a DRAFT contract for a client with its hired services (price and IVA group default to the catalogue’s); the total is computed in cents',
    handler: (req) => service.createContract(ctx, auth(req), req.body),
  });
  route(app, calls.get, {
    config: read,
    tags,
    summary: 'One contract with its lines, totals (net, IVA per line rounded half up, total) and the moves the caller may make',
    handler: (req) => service.getContract(ctx, auth(req), req.params.id),
  });
  route(app, calls.update, {
    config: requires('CONTRACT:WRITE'),
    tags,
    summary: 'Edit a DRAFT contract (reference, dates, lines replacing the old ones); 400 on status for an active or closed one',
    handler: (req) => service.updateContract(ctx, auth(req), req.params.id, req.body),
  });
  route(app, calls.status, {
    config: requires('CONTRACT:WRITE'),
    tags,
    summary: 'DRAFT → ACTIVE → CLOSED (closeAt set); the same status again changes nothing; any other move is 400 on status',
    handler: (req) => service.changeContractStatus(ctx, auth(req), req.params.id, req.body.status),
  });
  route(app, calls.remove, {
    config: requires('CONTRACT:DELETE'),
    tags,
    summary: 'Delete a DRAFT contract with its lines (400 on status otherwise)',
    handler: (req) => service.deleteContract(ctx, auth(req), req.params.id),
  });
  route(app, calls.pdf, {
    config: read,
    tags,
    summary: 'The contract as a PDF with the company’s name and logo, in the user’s language',
    handler: async (req, reply) => {
      const caller = auth(req);
      const language = languageOf(caller);
      const { contract, timeZone } = await service.contractForPdf(ctx, caller, req.params.id);
      const pdf = await contractPdf(contract, await companyCover(ctx, caller), LABELS[language], language, timeZone);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachment(LABELS[language].pdfFile(contract.reference ?? contract._id.slice(0, 8))))
        .send(pdf);
    },
  });
}
