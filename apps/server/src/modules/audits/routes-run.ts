import type { FastifyInstance } from 'fastify';
import { auditCalls } from '@audit/domain/calls/audits';
import { requireAuth } from '../../platform/auth.js';
import type { TModuleContext } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import { readUpload } from '../../platform/multipart.js';
import * as answers from './answers.js';
import * as issues from './issues.js';
import * as media from './media.js';
import * as places from './places.js';
import { AUDIT_TAGS, auditAccess, RUNS_NOTE } from './schemas.js';

const tags = AUDIT_TAGS;
const write = auditAccess('WRITE');
// The answer claims and stores its Idempotency-Key in its own statement (answers.ts, decision 0027).
const keyedWrite = { ...write, idempotency: 'in-handler' as const };
// Writes answering with their one scoped transaction's result, or with no body (204): their response
// is stored with their key in that transaction (decisions 0090, 0093). The offline queue sends them all keyed.
const keyedInTransaction = { ...write, idempotency: 'in-transaction' as const };
const runs = RUNS_NOTE;
const multipart = { consumes: ['multipart/form-data'] };

/** /ms-core/api/audits/{id}/…: answers, issues, notes and photos of a running audit. */
export async function answersRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const auth = requireAuth;
  route(app, auditCalls.addAnswer, {
    config: keyedWrite,
    tags,
    summary: `Answer a question (an existing answer of the question is updated: a replayed add never doubles).${runs}`,
    handler: (req, reply) => answers.addAnswer(ctx, { request: req, reply }, auth(req), req.params.id, req.body),
  });
  route(app, auditCalls.updateAnswer, {
    config: keyedWrite,
    tags,
    summary: `Change an answer.${runs}`,
    handler: (req, reply) => answers.updateAnswer(ctx, { request: req, reply }, auth(req), req.params.id, req.params.answerId, req.body),
  });
  route(app, auditCalls.removeAnswer, {
    config: keyedInTransaction,
    tags,
    summary: `Remove an answer.${runs}`,
    handler: async (req, reply) => {
      await answers.removeAnswer(ctx, auth(req), req.params.id, req.params.answerId);
      return reply.status(204).send();
    },
  });

  const at = (p: { id: string; sectionId: string; questionId: string }) => [p.id, p.sectionId, p.questionId] as const;
  route(app, auditCalls.changeIssuesTasks, {
    config: keyedInTransaction,
    tags,
    summary: `Raise or clear issues (incidence ids) and mark or unmark their tasks; answers the question's issues.${runs}`,
    handler: (req) => issues.changeIssuesTasks(ctx, auth(req), ...at(req.params), req.body),
  });
  route(app, auditCalls.updateIssueName, {
    config: keyedInTransaction,
    tags,
    summary: `Rename an issue (by issue or incidence id).${runs}`,
    handler: (req) => issues.editIssue(ctx, auth(req), ...at(req.params), { issue: req.body.issue, name: req.body.name }),
  });
  route(app, auditCalls.updateIssueDescription, {
    config: keyedInTransaction,
    tags,
    summary: `Change an issue's description.${runs}`,
    handler: (req) => issues.editIssue(ctx, auth(req), ...at(req.params), { issue: req.body.issue, description: req.body.description }),
  });
  route(app, auditCalls.updateTaskName, {
    config: keyedInTransaction,
    tags,
    summary: `Rename a task of an issue.${runs}`,
    handler: (req) => issues.editIssue(ctx, auth(req), ...at(req.params), req.body),
  });
  route(app, auditCalls.setSolvedInPlace, {
    config: keyedInTransaction,
    tags,
    summary: `Mark an issue solved in place (only a selected issue: 400 otherwise).${runs}`,
    handler: (req) => issues.editIssue(ctx, auth(req), ...at(req.params), req.body),
  });
  route(app, auditCalls.setNote, {
    config: keyedInTransaction,
    tags,
    summary: `Set or clear the question's note.${runs}`,
    handler: (req) => issues.setNote(ctx, auth(req), ...at(req.params), req.body.note),
  });

  route(app, auditCalls.renamePlace, {
    config: keyedInTransaction,
    tags,
    summary: `Rename a reading place of a reading-registry question in this audit (its template is unchanged; 420 for a name another place has).${runs}`,
    handler: (req) => places.renamePlace(ctx, auth(req), req.params, req.body.place),
  });

  const where = (p: { id: string; sectionId: string; questionId: string }) => ({ id: p.id, sectionId: p.sectionId, questionId: p.questionId });
  route(app, auditCalls.addEvidence, {
    config: keyedInTransaction,
    tags,
    schema: multipart,
    summary: `Add a photo to an issue (multipart: file, issue, observation?; FIL0001 for a non-image).${runs}`,
    handler: async (req) => media.addEvidence(ctx, auth(req), where(req.params), await readUpload(req)),
  });
  route(app, auditCalls.removeEvidence, {
    config: keyedInTransaction,
    tags,
    summary: `Remove a photo of an issue.${runs}`,
    handler: async (req, reply) => {
      await media.removeMedia(ctx, auth(req), where(req.params), req.params.evidenceId, 'evidence');
      return reply.status(204).send();
    },
  });
  route(app, auditCalls.addNoteImage, {
    config: keyedInTransaction,
    tags,
    schema: multipart,
    summary: `Add a photo to the question's note (multipart: file).${runs}`,
    handler: async (req) => media.addNoteImage(ctx, auth(req), where(req.params), await readUpload(req)),
  });
  route(app, auditCalls.removeNoteImage, {
    config: keyedInTransaction,
    tags,
    summary: `Remove a photo of the question's note.${runs}`,
    handler: async (req, reply) => {
      await media.removeMedia(ctx, auth(req), where(req.params), req.params.imageId, 'note');
      return reply.status(204).send();
    },
  });
}
