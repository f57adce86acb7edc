import type { TAuditIssue, TAuditQuestion, TIncidence } from '@audit/domain/audits';

/**
 * An issue shown before the server creates it (issueActions, and a queued change applied to the
 * device's copy); the server's rules decide the sole task the same way.
 */
export function draftIssue(q: TAuditQuestion, inc: TIncidence, taskId: string | undefined, id: string): TAuditIssue {
  return {
    _id: id,
    section: q.section,
    question: q._id,
    templateIssue: inc._id,
    name: inc.name,
    description: inc.description,
    riskLevel: inc.riskLevel,
    deductionPercentage: inc.deductionPercentage,
    selected: true,
    solvedInPlace: false,
    evidences: [],
    tasks: inc.tasks.map((t) => ({ _id: t._id, name: t.name, selected: taskId ? t._id === taskId : inc.tasks.length === 1 })),
  };
}
