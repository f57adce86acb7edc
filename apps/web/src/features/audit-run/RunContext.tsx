import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { createAnswerActions } from './answerActions';
import { createIssueActions } from './issueActions';
import { createNoteActions } from './noteActions';
import { createRunner } from './runner';
import { createRunUi, type TRunUi } from './runUi';

export interface TRunContext {
  auditId: string;
  /** Running and run by this user: widgets editable, footers shown. */
  runnable: boolean;
  ui: TRunUi;
  answers: ReturnType<typeof createAnswerActions>;
  issues: ReturnType<typeof createIssueActions>;
  notes: ReturnType<typeof createNoteActions>;
}

const RunCtx = createContext<TRunContext | null>(null);

/** The actions and view state of one audit; created once, so the context value changes only with `runnable`. */
export function RunProvider({ auditId, runnable, children }: { auditId: string; runnable: boolean; children: ReactNode }) {
  const queryClient = useQueryClient();
  const [tools] = useState(() => {
    const runner = createRunner(queryClient, auditId);
    return { ui: createRunUi(), answers: createAnswerActions(runner), issues: createIssueActions(runner), notes: createNoteActions(runner) };
  });
  const value = useMemo(() => ({ ...tools, auditId, runnable }), [tools, auditId, runnable]);
  return <RunCtx.Provider value={value}>{children}</RunCtx.Provider>;
}

export function useRun(): TRunContext {
  const value = useContext(RunCtx);
  if (!value) throw new Error('useRun must be used inside RunProvider');
  return value;
}
