import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TChangeSubject, TFailure } from './records';
import { kindOf } from './resources';

/**
 * The subject of a refused change: as its kind described it when it was refused; a failure kept by
 * version 2 (before subjects; the upgrade to version 4 named its call) is described now, with the
 * data shown when it is of that resource.
 */
export function subjectOf(failure: TFailure, shown?: { resource: string; data: unknown }): TChangeSubject | null {
  if (failure.subject) return failure.subject;
  const kind = kindOf(failure.resource);
  if (!kind || !failure.call) return null;
  const body = failure.questionId ? { question: failure.questionId } : null;
  return kind.describe({ call: failure.call, params: failure.params ?? {}, body }, shown?.resource === failure.resource ? shown.data : null);
}

/** "Nota de «¿Se aplica…?», en «Instalaciones»": what a refused change was, in the user's language. */
export function useFailureText() {
  const { t } = useTranslation();
  return useCallback(
    (failure: TFailure, shown?: { resource: string; data: unknown }) => {
      const kind = kindOf(failure.resource);
      const subject = subjectOf(failure, shown);
      const name = kind && subject ? t(kind.changeLabelKey(subject.kind)) : t(kind?.changeLabelKey('other') ?? 'offline.failures.title');
      if (!subject?.label) return name;
      return subject.within
        ? t('offline.failures.aboutWithin', { kind: name, label: subject.label, within: subject.within })
        : t('offline.failures.about', { kind: name, label: subject.label });
    },
    [t],
  );
}
