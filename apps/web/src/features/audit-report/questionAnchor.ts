import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** The anchor of a question in the report: its own id, or its template question's (what the statistics know). */
export const questionAnchor = (id: string) => `question-${id}`;

/**
 * A link to `…/report/<audit>#question-<id>` (the statistics' drill-down, decision 0091) opens the
 * report on that question: scrolled into view and outlined. The id may be the audit question's or
 * its template question's; the first question that matches wins.
 */
export function useQuestionAnchor() {
  const { hash } = useLocation();
  useEffect(() => {
    const id = hash.startsWith('#question-') ? decodeURIComponent(hash.slice('#question-'.length)) : '';
    if (!/^[0-9a-f-]{36}$/i.test(id)) return;
    const target = document.getElementById(questionAnchor(id)) ?? document.querySelector<HTMLElement>(`[data-template-question="${id}"]`);
    if (!target) return;
    target.classList.add('report-question-target');
    target.scrollIntoView({ block: 'start' });
    return () => target.classList.remove('report-question-target');
  }, [hash]);
}
