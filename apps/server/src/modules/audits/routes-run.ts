import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZAnswerInput } from '@audit/domain/audits';
import { requireAuth } from '../../platform/auth.js';
import { typed, ZId, type TModuleContext } from '../../platform/http.js';
import { readUpload } from '../files/upload.js';
import * as answers from './answers.js';
import * as issues from './issues.js';
import * as media from './media.js';
import * as places from './places.js';
import {
  AUDIT_TAGS,
  auditAccess,
  RUNS_NOTE,
  ZAnswerOut,
  ZAnswerParams,
  ZAuditParams,
  ZEvidenceOut,
  ZIssueDescriptionBody,
  ZIssueNameBody,
  ZIssueOut,
  ZIssuesTasksBody,
  ZNoteBody,
  ZNoteImageOut,
  ZPlaceNameBody,
  ZPlaceOut,
  ZPlaceParams,
  ZQuestionParams,
  ZSolvedBody,
  ZTaskNameBody,
} from './schemas.js';

const tags = AUDIT_TAGS;
const write = auditAccess('WRITE');
// The answer claims and stores its Idempotency-Key in its own statement (answers.ts, decision 0027).
const keyedWrite = { ...write, idempotency: 'in-handler' as const };
const runs = RUNS_NOTE;
const Q = '/:id/sections/:sectionId/questions/:questionId';
const multipart = { consumes: ['multipart/form-data'] };

/** /ms-core/api/audits/{id}/…: answers, issues, notes and photos of a running audit. */
export async function answersRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const r = typed(app);
  const auth = requireAuth;
  r.post('/:id/answer/add', {
    config: keyedWrite,
    schema: {
      tags,
      summary: `Answer a question (an existing answer of the question is updated: a replayed add never doubles).${runs}`,
      params: ZAuditParams,
      body: ZAnswerInput,
      response: { 200: ZAnswerOut },
    },
    handler: (req, reply) => answers.addAnswer(ctx, { request: req, reply }, auth(req), req.params.id, req.body),
  });
  r.patch('/:id/answer/:answerId/update', {
    config: keyedWrite,
    schema: { tags, summary: `Change an answer.${runs}`, params: ZAnswerParams, body: ZAnswerInput, response: { 200: ZAnswerOut } },
    handler: (req, reply) => answers.updateAnswer(ctx, { request: req, reply }, auth(req), req.params.id, req.params.answerId, req.body),
  });
  r.delete('/:id/answer/:answerId/remove', {
    config: write,
    schema: { tags, summary: `Remove an answer.${runs}`, params: ZAnswerParams },
    handler: async (req, reply) => {
      await answers.removeAnswer(ctx, auth(req), req.params.id, req.params.answerId);
      return reply.status(204).send();
    },
  });

  const at = (p: { id: string; sectionId: string; questionId: string }) => [p.id, p.sectionId, p.questionId] as const;
  r.patch(`${Q}/issues-tasks`, {
    config: write,
    schema: {
      tags,
      summary: `Raise or clear issues (incidence ids) and mark or unmark their tasks; answers the question's issues.${runs}`,
      params: ZQuestionParams,
      body: ZIssuesTasksBody,
      response: { 200: z.array(ZIssueOut) },
    },
    handler: (req) => issues.changeIssuesTasks(ctx, auth(req), ...at(req.params), req.body),
  });
  r.patch(`${Q}/update-issue-name`, {
    config: write,
    schema: {
      tags,
      summary: `Rename an issue (by issue or incidence id).${runs}`,
      params: ZQuestionParams,
      body: ZIssueNameBody,
      response: { 200: ZIssueOut },
    },
    handler: (req) => issues.editIssue(ctx, auth(req), ...at(req.params), { issue: req.body.issue, name: req.body.name }),
  });
  r.patch(`${Q}/update-issue-description`, {
    config: write,
    schema: { tags, summary: `Change an issue's description.${runs}`, params: ZQuestionParams, body: ZIssueDescriptionBody, response: { 200: ZIssueOut } },
    handler: (req) => issues.editIssue(ctx, auth(req), ...at(req.params), { issue: req.body.issue, description: req.body.description }),
  });
  r.patch(`${Q}/update-task-name`, {
    config: write,
    schema: { tags, summary: `Rename a task of an issue.${runs}`, params: ZQuestionParams, body: ZTaskNameBody, response: { 200: ZIssueOut } },
    handler: (req) => issues.editIssue(ctx, auth(req), ...at(req.params), req.body),
  });
  r.patch(`${Q}/solved-in-place`, {
    config: write,
    schema: {
      tags,
      summary: `Mark an issue solved in place (only a selected issue: 400 otherwise).${runs}`,
      params: ZQuestionParams,
      body: ZSolvedBody,
      response: { 200: ZIssueOut },
    },
    handler: (req) => issues.editIssue(ctx, auth(req), ...at(req.params), req.body),
  });
  r.patch(`${Q}/note`, {
    config: write,
    schema: {
      tags,
      summary: `Set or clear the question's note.${runs}`,
      params: ZQuestionParams,
      body: ZNoteBody,
      response: { 200: z.object({ note: z.string().nullable() }) },
    },
    handler: (req) => issues.setNote(ctx, auth(req), ...at(req.params), req.body.note),
  });

  r.patch(`${Q}/places-measure/:placeId`, {
    config: write,
    schema: {
      tags,
      summary: `Rename a reading place of a reading-registry question in this audit (its template is unchanged; 420 for a name another place has).${runs}`,
      params: ZPlaceParams,
      body: ZPlaceNameBody,
      response: { 200: ZPlaceOut },
    },
    handler: (req) => places.renamePlace(ctx, auth(req), req.params, req.body.place),
  });

  const where = (p: { id: string; sectionId: string; questionId: string }) => ({ id: p.id, sectionId: p.sectionId, questionId: p.questionId });
  r.post(`${Q}/evidences`, {
    config: write,
    schema: {
      tags,
      ...multipart,
      summary: `Add a photo to an issue (multipart: file, issue, observation?; FIL0001 for a non-image).${runs}`,
      params: ZQuestionParams,
      response: { 200: ZEvidenceOut },
    },
    handler: async (req) => media.addEvidence(ctx, auth(req), where(req.params), await readUpload(req)),
  });
  r.delete(`${Q}/evidences/:evidenceId`, {
    config: write,
    schema: { tags, summary: `Remove a photo of an issue.${runs}`, params: ZQuestionParams.extend({ evidenceId: ZId }) },
    handler: async (req, reply) => {
      await media.removeMedia(ctx, auth(req), where(req.params), req.params.evidenceId, 'evidence');
      return reply.status(204).send();
    },
  });
  r.post(`${Q}/note-images`, {
    config: write,
    schema: {
      tags,
      ...multipart,
      summary: `Add a photo to the question's note (multipart: file).${runs}`,
      params: ZQuestionParams,
      response: { 200: ZNoteImageOut },
    },
    handler: async (req) => media.addNoteImage(ctx, auth(req), where(req.params), await readUpload(req)),
  });
  r.delete(`${Q}/note-images/:imageId`, {
    config: write,
    schema: { tags, summary: `Remove a photo of the question's note.${runs}`, params: ZQuestionParams.extend({ imageId: ZId }) },
    handler: async (req, reply) => {
      await media.removeMedia(ctx, auth(req), where(req.params), req.params.imageId, 'note');
      return reply.status(204).send();
    },
  });
}
