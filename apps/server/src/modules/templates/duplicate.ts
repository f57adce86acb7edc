import { randomUUID } from 'node:crypto';
import type { TQuestionConfig } from '@audit/domain/templates';
import { TEMPLATE_NAME_MAX } from '@audit/domain/templates';
import type { TAuth } from '../../platform/auth.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { recordTrace } from '../../platform/trace.js';
import * as repo from './repo.js';
import { templatePolicy } from './policy.js';
import { loadTemplate, MODULE, readTemplate, SECTION } from './service.js';

/** Fresh ids for the items answers point at (select options, places, tasks); reading keys stay. */
export function renewConfigIds(config: TQuestionConfig): TQuestionConfig {
  return {
    ...config,
    ...(config.select ? { select: { ...config.select, options: config.select.options.map((o) => ({ ...o, _id: randomUUID() })) } } : {}),
    ...(config.readingRegistry
      ? { readingRegistry: { ...config.readingRegistry, placesMeasure: config.readingRegistry.placesMeasure.map((p) => ({ ...p, _id: randomUUID() })) } }
      : {}),
  };
}

/**
 * Deep copy of a visible template into the caller's space: every row and every option, place and task
 * gets a new id, order and content stay. The copy is a draft (enabled false) named "<name> (copia)".
 */
export async function duplicateTemplate(ctx: TModuleContext, caller: TAuth, id: string) {
  return scoped(ctx, caller, async (tx) => {
    const { row: source } = await loadTemplate(tx, caller, id);
    templatePolicy.authorize(caller, 'duplicate', source);
    const rows = await repo.loadTrees(tx, [id]);
    const suffix = source.language === 'en' ? ' (copy)' : ' (copia)';
    const copy = await repo.insertTemplate(tx, {
      name: `${source.name.slice(0, TEMPLATE_NAME_MAX - suffix.length)}${suffix}`,
      description: source.description,
      language: source.language,
      categoryId: source.categoryId,
      serviceId: source.serviceId,
      areaAccessId: source.areaAccessId,
      enabled: false,
      spaceId: caller.spaceId,
      secureSpacePath: caller.spacePath,
    });
    const ids = new Map<string, string>();
    const idOf = (old: string) => ids.get(old) ?? ids.set(old, randomUUID()).get(old)!;
    const base = (r: { id: string; position: number }) => ({
      id: idOf(r.id),
      templateId: copy.id,
      spaceId: caller.spaceId,
      secureSpacePath: caller.spacePath,
      position: r.position,
    });
    await repo.insertTree(tx, {
      sections: rows.sections.map((s) => ({ ...base(s), title: s.title, type: s.type, duplicable: s.duplicable })),
      fields: rows.fields.map((f) => ({ ...base(f), sectionId: idOf(f.sectionId), label: f.label, type: f.type, required: f.required, value: f.value })),
      questions: rows.questions.map((q) => ({
        ...base(q),
        sectionId: idOf(q.sectionId),
        name: q.name,
        type: q.type,
        description: q.description,
        required: q.required,
        config: renewConfigIds(q.config ?? {}),
      })),
      incidents: rows.incidents.map((i) => ({
        ...base(i),
        questionId: idOf(i.questionId),
        name: i.name,
        description: i.description,
        riskLevel: i.riskLevel,
        deductionPercentage: i.deductionPercentage,
        tasks: (i.tasks ?? []).map((t) => ({ ...t, _id: randomUUID() })),
      })),
      ieSections: rows.ieSections.map((s) => ({ ...base(s), title: s.title })),
      ieQuestions: rows.ieQuestions.map((q) => ({ ...base(q), sectionId: idOf(q.sectionId), question: q.question, type: q.type })),
    });
    await recordTrace(tx, caller, { type: 'CREATE', module: MODULE, section: SECTION, entityId: copy.id, payload: { duplicateOf: id } });
    return readTemplate(tx, caller, copy.id);
  });
}
