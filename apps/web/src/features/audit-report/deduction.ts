import { createContext, useContext } from 'react';
import type { TDeduction } from '@audit/domain/audits';

/**
 * The score subtracts only the largest deduction (calls document section 9; scorePercentage in
 * @audit/domain/audits): the report says which one applies and that the others do not (decision 0064).
 */
export const AppliedDeduction = createContext<string | null>(null);
export const useAppliedDeduction = () => useContext(AppliedDeduction);

/** The deduction the percentage subtracts (the list comes largest first), or null. */
export const appliedDeduction = (deductions: readonly TDeduction[]) => deductions[0] ?? null;

/** An issue's deduction tag: applied, or listed but not applied (only the largest counts). */
export const deductionTagKey = (issueId: string, applied: string | null) =>
  issueId === applied ? 'report.issue.deductionApplied' : 'report.issue.deductionNotApplied';
