// @vitest-environment jsdom
import { createElement as h } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { TAudit } from '@audit/domain/audits';
import '../../i18n';
import { makeAudit } from '../audit-run/testing/auditFixture';
import { layoutFor } from './reportLayout';
import { ReportView } from './ReportView';
import { questionAnchor } from './questionAnchor';
import { questionsRoom } from './sectionRoom';
import { stubLayoutApis } from '../../testing/layoutStubs';

beforeAll(stubLayoutApis);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/**
 * 40 questions in 10 sections of 4 (the run view's fixture), finished: the order, the holders and the
 * links are the same at any size, and jsdom renders 300 questions in about 16 s, 40 in about 4.
 */
const PER_SECTION = 4;
const audit = (): TAudit => makeAudit(40, 'finished', PER_SECTION);
const questionIds = () => [...document.querySelectorAll('[data-testid="report-question"]')].map((e) => e.id);
const holders = () => [...document.querySelectorAll<HTMLElement>('[data-testid="report-section-holder"]')];
const show = (report: TAudit, at = '/client-audits/audits/report/x') =>
  render(h(MemoryRouter, { initialEntries: [at] }, h(ReportView, { audit: report, layout: layoutFor(null), header: null })));

describe('the report renders section by section (decision 0102)', () => {
  it('renders the first section in the first render, holders with the exact room for the rest, then every section in page order', async () => {
    const report = audit();
    const sections = report.sections.filter((s) => s.type === 'QUESTION');
    const commits: number[] = [];
    show(report);
    // The first render: the first section's questions, and a holder for each of the other nine.
    expect(questionIds()).toEqual(sections[0]!.questions.map((q) => questionAnchor(q._id)));
    expect(holders()).toHaveLength(9);
    expect(holders().map((e) => e.style.height)).toEqual(sections.slice(1).map((s) => `${questionsRoom(s.questions.length)}px`));
    // The rest mount in idle periods, one section at a time, in page order.
    const seen = new MutationObserver(() => commits.push(questionIds().length));
    seen.observe(document.body, { childList: true, subtree: true });
    await waitFor(() => expect(questionIds()).toHaveLength(40), { timeout: 20_000 });
    seen.disconnect();
    expect(holders()).toHaveLength(0);
    expect(questionIds()).toEqual(sections.flatMap((s) => s.questions.map((q) => questionAnchor(q._id))));
    expect(new Set(commits.filter((n) => n > PER_SECTION))).toEqual(new Set([2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => n * PER_SECTION)));
  });

  it('a link to a question in the last section renders that section at once and scrolls to the question', async () => {
    const report = audit();
    const last = report.sections
      .filter((s) => s.type === 'QUESTION')
      .at(-1)!
      .questions.at(-1)!;
    const scrolled: string[] = [];
    // jsdom lays nothing out and has no scrollIntoView: the calls are recorded.
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    show(report, `/client-audits/audits/report/x#question-${last._id}`);
    // Before any idle period: the first section (first render) and the linked one only.
    await waitFor(() => expect(document.getElementById(questionAnchor(last._id))).not.toBeNull());
    expect(questionIds()).toHaveLength(2 * PER_SECTION);
    expect(scrolled).toContain(questionAnchor(last._id));
    expect(document.getElementById(questionAnchor(last._id))!.classList).toContain('report-question-target');
    await waitFor(() => expect(questionIds()).toHaveLength(40), { timeout: 20_000 });
  });

  it('printing renders every section before the page is laid out for paper', () => {
    show(audit());
    expect(questionIds()).toHaveLength(PER_SECTION);
    act(() => void dispatchEvent(new Event('beforeprint')));
    expect(questionIds()).toHaveLength(40);
    expect(holders()).toHaveLength(0);
  });
});
