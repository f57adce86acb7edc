import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TCallBody } from '@audit/domain/calls/define';
import type { ZFieldInput, ZIncidentTemplate, ZQuestionInput } from '@audit/domain/templates';
import { ieSectionCalls, templateSectionCalls as sections } from '@audit/domain/calls/template-sections';
import { send } from '../../api/send';
import { notifySuccess } from '../../ui/feedback';
import { templateQueryKey, TEMPLATES_QUERY_KEY, type TTemplate } from './templatesApi';

/**
 * Changes inside a template's tree (sections, fields, questions, incident templates, IE sections).
 * Every mutation may change the cached tree optimistically (`apply`), rolls it back on failure (the
 * catalogue message comes from the shared mutation cache) and invalidates the templates at the end.
 */
/** The editors' values: what the add calls' bodies hold once read (the calls take them as they are). */
export type TFieldInput = z.output<typeof ZFieldInput>;
export type TQuestionInput = z.output<typeof ZQuestionInput>;
export type TIncidentInput = z.output<typeof ZIncidentTemplate>;

/** Moves item `from` to `to` in a list (a new array). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

const moveById = <T extends { _id: string }>(list: T[], id: string, to: number) => {
  const from = list.findIndex((x) => x._id === id);
  return from < 0 ? list : moved(list, from, to);
};

type TSuccess = 'createSuccess' | 'updateSuccess' | 'deleteSuccess';
/** A save without an id creates: "created", not "updated". */
const savedSuccess = (v: { id?: string }): TSuccess => (v.id ? 'updateSuccess' : 'createSuccess');

export function useTreeMutation<V, R = unknown>(
  templateId: string,
  mutationFn: (v: V) => Promise<R>,
  options: { apply?: (tree: TTemplate, v: V) => TTemplate; success?: TSuccess | ((v: V) => TSuccess) } = {},
) {
  const queryClient = useQueryClient();
  const key = templateQueryKey(templateId);
  return useMutation({
    mutationFn,
    onMutate: async (vars: V) => {
      if (!options.apply) return { previous: undefined };
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<TTemplate>(key);
      if (previous) queryClient.setQueryData<TTemplate>(key, options.apply(previous, vars));
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (_data, vars) => options.success && notifySuccess(typeof options.success === 'function' ? options.success(vars) : options.success),
    onSettled: () => queryClient.invalidateQueries({ queryKey: TEMPLATES_QUERY_KEY }),
  });
}

const mapSection = (tree: TTemplate, sectionId: string, change: (s: TTemplate['sections'][number]) => TTemplate['sections'][number]) => ({
  ...tree,
  sections: tree.sections.map((s) => (s._id === sectionId ? change(s) : s)),
});

/* Sections */
export const useAddSection = (templateId: string) =>
  useTreeMutation(
    templateId,
    (body: Omit<TCallBody<typeof sections.create>, 'template'>) => send(sections.create, { body: { template: templateId, ...body } }),
    { success: 'createSuccess' },
  );
export const useUpdateSection = (templateId: string) =>
  useTreeMutation(
    templateId,
    ({ id, ...body }: { id: string; title?: string; duplicable?: boolean }) => send(sections.update, { params: { sectionId: id }, body }),
    {
      apply: (tree, { id, ...body }) =>
        mapSection(tree, id, (s) => ({
          ...s,
          ...(body.title?.trim() ? { title: body.title.trim() } : {}),
          ...(body.duplicable !== undefined ? { duplicable: body.duplicable } : {}),
        })),
    },
  );
export const useRemoveSection = (templateId: string) =>
  useTreeMutation(templateId, (id: string) => send(sections.remove, { params: { sectionId: id } }), {
    apply: (tree, id) => ({ ...tree, sections: tree.sections.filter((s) => s._id !== id) }),
    success: 'deleteSuccess',
  });
export const useMoveSection = (templateId: string) =>
  useTreeMutation(templateId, ({ id, position }: { id: string; position: number }) => send(sections.move, { params: { sectionId: id }, body: { position } }), {
    apply: (tree, { id, position }) => ({ ...tree, sections: moveById(tree.sections, id, position) }),
  });

/* Cover and contact fields */
export const useAddField = (templateId: string) =>
  useTreeMutation(templateId, ({ sectionId, body }: { sectionId: string; body: TFieldInput }) => send(sections.addField, { params: { sectionId }, body }), {
    success: 'createSuccess',
  });
export const useUpdateField = (templateId: string) =>
  useTreeMutation(
    templateId,
    ({ sectionId, id, body }: { sectionId: string; id: string; body: TCallBody<typeof sections.updateField> }) =>
      send(sections.updateField, { params: { sectionId, fieldId: id }, body }),
    {
      apply: (tree, { sectionId, id, body }) =>
        mapSection(tree, sectionId, (s) => ({ ...s, fields: s.fields.map((f) => (f._id === id ? { ...f, ...body, value: body.value ?? f.value } : f)) })),
      success: 'updateSuccess',
    },
  );
export const useRemoveField = (templateId: string) =>
  useTreeMutation(templateId, ({ sectionId, id }: { sectionId: string; id: string }) => send(sections.removeField, { params: { sectionId, fieldId: id } }), {
    apply: (tree, { sectionId, id }) => mapSection(tree, sectionId, (s) => ({ ...s, fields: s.fields.filter((f) => f._id !== id) })),
    success: 'deleteSuccess',
  });
export const useMoveField = (templateId: string) =>
  useTreeMutation(
    templateId,
    ({ sectionId, id, position }: { sectionId: string; id: string; position: number }) =>
      send(sections.moveField, { params: { sectionId, fieldId: id }, body: { position } }),
    {
      apply: (tree, { sectionId, id, position }) => mapSection(tree, sectionId, (s) => ({ ...s, fields: moveById(s.fields, id, position) })),
    },
  );

/* Questions */
export const addQuestion = (sectionId: string, body: TQuestionInput) => send(sections.addQuestion, { params: { sectionId }, body });
export const useSaveQuestion = (templateId: string) =>
  useTreeMutation(
    templateId,
    ({ sectionId, id, body }: { sectionId: string; id?: string; body: TQuestionInput }) =>
      id ? send(sections.updateQuestion, { params: { sectionId, questionId: id }, body }) : addQuestion(sectionId, body),
    { success: savedSuccess },
  );
export const useRemoveQuestion = (templateId: string) =>
  useTreeMutation(
    templateId,
    ({ sectionId, id }: { sectionId: string; id: string }) => send(sections.removeQuestion, { params: { sectionId, questionId: id } }),
    {
      apply: (tree, { sectionId, id }) => mapSection(tree, sectionId, (s) => ({ ...s, questions: s.questions.filter((q) => q._id !== id) })),
      success: 'deleteSuccess',
    },
  );
export const useMoveQuestion = (templateId: string) =>
  useTreeMutation(
    templateId,
    ({ sectionId, id, position }: { sectionId: string; id: string; position: number }) =>
      send(sections.moveQuestion, { params: { sectionId, questionId: id }, body: { position } }),
    {
      apply: (tree, { sectionId, id, position }) => mapSection(tree, sectionId, (s) => ({ ...s, questions: moveById(s.questions, id, position) })),
    },
  );

/* Incident templates of a question */
export const useSaveIncident = (templateId: string) =>
  useTreeMutation(
    templateId,
    ({ sectionId, questionId, id, body }: { sectionId: string; questionId: string; id?: string; body: TIncidentInput }) =>
      id
        ? send(sections.updateIncident, { params: { sectionId, questionId, incidentId: id }, body })
        : send(sections.addIncident, { params: { sectionId, questionId }, body }),
    { success: savedSuccess },
  );
export const useRemoveIncident = (templateId: string) =>
  useTreeMutation(
    templateId,
    ({ sectionId, questionId, id }: { sectionId: string; questionId: string; id: string }) =>
      send(sections.removeIncident, { params: { sectionId, questionId, incidentId: id } }),
    {
      apply: (tree, { sectionId, questionId, id }) =>
        mapSection(tree, sectionId, (s) => ({
          ...s,
          questions: s.questions.map((q) => (q._id === questionId ? { ...q, incidents: q.incidents.filter((i) => i._id !== id) } : q)),
        })),
      success: 'deleteSuccess',
    },
  );

/* IE questionnaire sections */
const mapIe = (tree: TTemplate, sectionId: string, change: (s: TTemplate['ieSections'][number]) => TTemplate['ieSections'][number]) => ({
  ...tree,
  ieSections: tree.ieSections.map((s) => (s._id === sectionId ? change(s) : s)),
});
export const useAddIeSection = (templateId: string) =>
  useTreeMutation(templateId, (title: string) => send(ieSectionCalls.create, { body: { template: templateId, title } }), { success: 'createSuccess' });
export const useUpdateIeSection = (templateId: string) =>
  useTreeMutation(templateId, ({ id, title }: { id: string; title: string }) => send(ieSectionCalls.update, { params: { id }, body: { title } }), {
    apply: (tree, { id, title }) => (title.trim() ? mapIe(tree, id, (s) => ({ ...s, title: title.trim() })) : tree),
  });
export const useRemoveIeSection = (templateId: string) =>
  useTreeMutation(templateId, (id: string) => send(ieSectionCalls.remove, { params: { id } }), {
    apply: (tree, id) => ({ ...tree, ieSections: tree.ieSections.filter((s) => s._id !== id) }),
    success: 'deleteSuccess',
  });
export const useMoveIeSection = (templateId: string) =>
  useTreeMutation(templateId, ({ id, position }: { id: string; position: number }) => send(ieSectionCalls.move, { params: { id }, body: { position } }), {
    apply: (tree, { id, position }) => ({ ...tree, ieSections: moveById(tree.ieSections, id, position) }),
  });
export const useSaveIeQuestion = (templateId: string) =>
  useTreeMutation(
    templateId,
    ({ sectionId, id, body }: { sectionId: string; id?: string; body: TCallBody<typeof ieSectionCalls.addQuestion> }) =>
      id
        ? send(ieSectionCalls.updateQuestion, { params: { sectionId, questionId: id }, body })
        : send(ieSectionCalls.addQuestion, { params: { sectionId }, body }),
    {
      apply: (tree, { sectionId, id, body }) =>
        id ? mapIe(tree, sectionId, (s) => ({ ...s, questions: s.questions.map((q) => (q._id === id ? { ...q, ...body } : q)) })) : tree,
      success: savedSuccess,
    },
  );
export const useRemoveIeQuestion = (templateId: string) =>
  useTreeMutation(
    templateId,
    ({ sectionId, id }: { sectionId: string; id: string }) => send(ieSectionCalls.removeQuestion, { params: { sectionId, questionId: id } }),
    {
      apply: (tree, { sectionId, id }) => mapIe(tree, sectionId, (s) => ({ ...s, questions: s.questions.filter((q) => q._id !== id) })),
      success: 'deleteSuccess',
    },
  );
export const useMoveIeQuestion = (templateId: string) =>
  useTreeMutation(
    templateId,
    ({ sectionId, id, position }: { sectionId: string; id: string; position: number }) =>
      send(ieSectionCalls.moveQuestion, { params: { sectionId, questionId: id }, body: { position } }),
    {
      apply: (tree, { sectionId, id, position }) => mapIe(tree, sectionId, (s) => ({ ...s, questions: moveById(s.questions, id, position) })),
    },
  );
