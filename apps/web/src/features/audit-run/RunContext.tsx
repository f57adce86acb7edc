import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { createAnswerActions } from './answerActions';
import { createIssueActions } from './issueActions';
import { createNoteActions } from './noteActions';
import { createPlaceActions } from './placeActions';
import { createRunner } from './runner';
import { createRunUi, type TRunUi } from './runUi';
import { takeLeftIntents } from './offline/intents';

export interface TRunContext {
  auditId: string;
  /** Running and run by this user: widgets editable, footers shown. */
  runnable: boolean;
  ui: TRunUi;
  answers: ReturnType<typeof createAnswerActions>;
  issues: ReturnType<typeof createIssueActions>;
  notes: ReturnType<typeof createNoteActions>;
  places: ReturnType<typeof createPlaceActions>;
}

const RunCtx = createContext<TRunContext | null>(null);

/** Audits whose left intents this page has saved again: once per page, never this page's own unsettled ones. */
const recovered = new Set<string>();

interface TProps {
  auditId: string;
  runnable: boolean;
  children: ReactNode;
  generation?: number;
}

/**
 * The actions and view state of one audit. The view state is created once; the actions again for
 * each `generation` (the audit reloaded after a sync: they track server ids the reload makes stale),
 * without mounting the run again. So the context value changes only with `runnable` and a reload.
 */
export function RunProvider({ auditId, runnable, children, generation = 0 }: TProps) {
  const queryClient = useQueryClient();
  const [ui] = useState(createRunUi);
  const actions = useMemo(() => {
    const runner = createRunner(queryClient, auditId);
    return {
      generation,
      answers: createAnswerActions(runner),
      issues: createIssueActions(runner),
      notes: createNoteActions(runner),
      places: createPlaceActions(runner),
    };
  }, [queryClient, auditId, generation]);
  // Changes an earlier page journalled but never settled (closed mid-lane) are saved again.
  useEffect(() => {
    if (!runnable || recovered.has(auditId)) return;
    recovered.add(auditId);
    // Only what pages now gone left, each with the key it was first sent with (decision 0066).
    void takeLeftIntents(auditId).then((left) => {
      for (const { value: intent, key } of left) {
        const sameKey = key ?? undefined;
        if (intent.kind === 'answer') void actions.answers.saveAnswer(intent.questionId, intent.templateAnswer, sameKey);
        else if (intent.kind === 'fields') void actions.answers.saveFields(intent.fieldKind, intent.values, sameKey);
        else void actions.notes.saveNote(intent.questionId, intent.note, sameKey);
      }
    });
  }, [actions, auditId, runnable]);
  const value = useMemo(
    () => ({ ui, answers: actions.answers, issues: actions.issues, notes: actions.notes, places: actions.places, auditId, runnable }),
    [ui, actions, auditId, runnable],
  );
  return <RunCtx.Provider value={value}>{children}</RunCtx.Provider>;
}

export function useRun(): TRunContext {
  const value = useContext(RunCtx);
  if (!value) throw new Error('useRun must be used inside RunProvider');
  return value;
}
