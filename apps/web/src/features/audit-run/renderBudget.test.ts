// @vitest-environment jsdom
import { createElement as h, useLayoutEffect } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { TAudit } from '@audit/domain/audits';
import i18n from '../../i18n';
import en from './i18n/en.json';
import es from './i18n/es.json';
import { ME_QUERY_KEY } from '../../session/me';
import { auditRunQueryKey, auditRunQueryOptions } from './auditRunApi';
import { FIXTURE_AUDITOR, makeAudit, OPTION } from './testing/auditFixture';
import { stubLayoutApis } from '../../testing/layoutStubs';

// Every card render renders its widget exactly once: counting widget renders counts card renders.
// Counted when committed (a layout effect with no dependencies runs once per commit): groups mount
// in transitions, whose render React may start again when interrupted (a loaded machine), and a
// render thrown away is no work the page did twice.
const renders: string[] = [];
const useCommitted = (list: string[], id: string) => useLayoutEffect(() => void list.push(id));
vi.mock('./widgets/QuestionWidget', async (importOriginal) => {
  const real = await importOriginal<typeof import('./widgets/QuestionWidget')>();
  return {
    QuestionWidget: (props: Parameters<typeof real.QuestionWidget>[0]) => {
      useCommitted(renders, props.question._id);
      return h(real.QuestionWidget, props);
    },
  };
});
// CardGroup is memoised and renders only with its SectionPanel: this unmemoised wrapper renders
// exactly when its panel does, so counting it counts the panels' renders.
const panelRenders: string[] = [];
vi.mock('./CardGroup', async (importOriginal) => {
  const real = await importOriginal<typeof import('./CardGroup')>();
  return {
    ...real,
    CardGroup: (props: Parameters<typeof real.CardGroup>[0]) => {
      useCommitted(panelRenders, props.ids[0]!);
      return h(real.CardGroup, props);
    },
  };
});
// The cover's fields and the finish button's dialog: a tap elsewhere renders neither (the fields' date
// pickers and the closed dialog were a third of a tap's render on the tablet).
const otherRenders: string[] = [];
vi.mock('./widgets/FieldInput', async (importOriginal) => {
  const real = await importOriginal<typeof import('./widgets/FieldInput')>();
  return {
    FieldInput: (props: Parameters<typeof real.FieldInput>[0]) => {
      useCommitted(otherRenders, `field ${props.field._id}`);
      return h(real.FieldInput, props);
    },
  };
});
vi.mock('../../ui/ConfirmDialog', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../ui/ConfirmDialog')>();
  return {
    ConfirmDialog: (props: Parameters<typeof real.ConfirmDialog>[0]) => {
      useCommitted(otherRenders, `dialog ${props.title}`);
      return h(real.ConfirmDialog, props);
    },
  };
});
const { AuditRunPage } = await import('./AuditRunPage');

beforeAll(stubLayoutApis);
afterEach(() => cleanup());

async function mount(audit: TAudit) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await client.prefetchQuery({ ...auditRunQueryOptions(audit._id), queryFn: () => audit, gcTime: Infinity });
  client.setQueryData(ME_QUERY_KEY, { _id: FIXTURE_AUDITOR, isAdmin: false, permissions: [] });
  const tree = h(
    AntApp,
    null,
    h(
      QueryClientProvider,
      { client },
      h(
        MemoryRouter,
        { initialEntries: [`/auditor/audits/run/${audit._id}`] },
        h(Routes, null, h(Route, { path: '/auditor/audits/run/:auditId', element: h(AuditRunPage) })),
      ),
    ),
  );
  const view = render(tree);
  return { view, client };
}

// 120 questions in 10 sections of 12 (a full group of ten cards and a short one each): every card
// mounting once and only the answered card re-rendering hold at any size, and jsdom takes about 13 s
// of CPU for 300 cards. The 2,000-question browser spec (e2e/audit-run-2000.spec.ts) covers scale.
describe('audit run view with 120 questions', () => {
  it('mounts every card once and re-renders only the answered card', async () => {
    const audit = makeAudit(120, 'running', 12);
    const answerOf = vi.fn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        answerOf(url);
        const body = JSON.parse(String(init.body));
        return new Response(
          JSON.stringify({
            _id: '00000000-0000-4000-8fff-000000000001',
            section: body.section,
            question: body.question,
            templateAnswer: body.templateAnswer,
            score: 1,
            failed: false,
            updatedAt: new Date().toISOString(),
          }),
          { status: 200 },
        );
      }),
    );
    const { client } = await mount(audit);
    // The first render paints the header, sections and placeholders; groups of cards then mount one
    // per idle moment. The time budgets (interactive, repaint) are measured in Chromium by
    // `npm run bench pglite render`, not here.
    await waitFor(() => expect(renders.length).toBe(120), { timeout: 60_000 });
    expect(new Set(renders).size).toBe(120);
    // What a card costs every style, layout and pre-paint pass (decision 0117): its icons are one
    // element each (no svg), 23 elements for this unanswered select with three options (was 32).
    const card = document.querySelector('.run-question')!;
    expect(card.querySelectorAll('svg')).toHaveLength(0);
    expect(card.querySelectorAll('*').length).toBeLessThanOrEqual(23);
    const sectionScores = () => [...document.querySelectorAll('.run-section-score')].map((e) => e.textContent);
    const scoresBefore = sectionScores();

    // Five answers in different sections: each renders its own card only.
    for (const [s, q] of [
      [2, 3],
      [4, 10],
      [6, 0],
      [8, 10],
      [5, 7],
    ] as const) {
      const target = audit.sections[s]!.questions[q]!;
      const option = document.getElementById(`question-${target._id}`)!.querySelector<HTMLButtonElement>('.run-option')!;
      renders.length = 0;
      panelRenders.length = 0;
      otherRenders.length = 0;
      act(() => {
        fireEvent.click(option);
      });
      // Its card only: no other card, no section panel (nor its groups of cards), no cover field, no dialog.
      expect(renders).toEqual([target._id]);
      expect(panelRenders).toEqual([]);
      expect(otherRenders).toEqual([]);
      expect(option.getAttribute('aria-checked')).toBe('true');
    }
    expect(screen.getByTestId('audit-score').textContent).toMatch(/100[,.]0/);
    // The answered sections' figures changed, the others' did not (sections 2, 4, 5, 6 and 8 of the fixture).
    const changed = sectionScores()
      .map((text, i) => (text === scoresBefore[i] ? null : i + 1))
      .filter((i) => i !== null);
    expect(changed).toEqual([2, 4, 5, 6, 8]);
    // The server's answers bring the answers' real ids: each answered card (and only those) renders once more.
    const answered = [
      [2, 3],
      [4, 10],
      [6, 0],
      [8, 10],
      [5, 7],
    ].map(([s, q]) => audit.sections[s!]!.questions[q!]!._id);
    renders.length = 0;
    const savedAnswer = () => client.getQueryData<TAudit>(auditRunQueryKey(audit._id))!.sections[5]!.questions[7]!.answer;
    await waitFor(() => {
      expect(answerOf).toHaveBeenCalledTimes(5);
      expect(savedAnswer()?._id).toBe('00000000-0000-4000-8fff-000000000001');
      expect([...new Set(renders)].sort()).toEqual([...answered].sort());
    });
    expect(answerOf).toHaveBeenCalledWith(expect.stringContaining(`/audits/${audit._id}/answer/add`));
    expect([...renders].sort()).toEqual([...answered].sort());
    const saved = savedAnswer();
    expect(saved?._id).toBe('00000000-0000-4000-8fff-000000000001');
    expect(saved?.templateAnswer).toEqual({ type: 'select', select: [OPTION.yes] });
  }, 90_000);
});

describe('audit run view, cards not mounted yet', () => {
  it('the contents reach a question whose group has not mounted: it mounts, comes into view and takes the focus', async () => {
    // Nothing near the screen and no idle moment: only the first group mounts, with the page.
    const idle = vi.fn(() => 0);
    vi.stubGlobal('requestIdleCallback', idle);
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    const scrolled: string[] = [];
    const scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this.id);
    });
    Element.prototype.scrollIntoView = scrollIntoView;
    i18n.addResourceBundle('es', 'translation', es, true, true);
    i18n.addResourceBundle('en', 'translation', en, true, true);
    await i18n.changeLanguage('es');
    try {
      const audit = makeAudit(120);
      renders.length = 0;
      const { view } = await mount(audit);
      await waitFor(() => expect(document.querySelectorAll('.run-question')).toHaveLength(10));
      expect(idle).toHaveBeenCalled();
      // The first render holds the cover and the first question section, whose other groups keep
      // their room until they mount; the later sections wait for an idle moment (none comes here).
      expect(document.querySelectorAll('.run-section')).toHaveLength(2);
      expect(document.querySelectorAll('.run-card-holder[aria-busy="true"]')).toHaveLength(2);
      const last = audit.sections.at(-2)!.questions.at(-1)!;
      expect(document.getElementById(`question-${last._id}`)).toBeNull();

      // The contents list every question of the audit, mounted or not: the last unanswered one is followed.
      fireEvent.click(document.querySelector('button[aria-label="Abrir el índice"]')!);
      const toc = await waitFor(() => {
        const drawer = document.querySelector<HTMLElement>('.ant-drawer .run-toc');
        expect(drawer).not.toBeNull();
        return drawer!;
      });
      expect(document.querySelector('.ant-drawer-title')?.textContent).toBe('Índice');
      expect(toc.textContent).toContain('Sin responder (120)');
      const links = toc.querySelectorAll<HTMLButtonElement>('.run-toc-list')[1]!.querySelectorAll<HTMLButtonElement>('.run-toc-link');
      expect(links).toHaveLength(120);
      fireEvent.click(links[links.length - 1]!);

      const card = await waitFor(() => {
        const found = document.getElementById(`question-${last._id}`);
        expect(found).not.toBeNull();
        return found!;
      });
      await waitFor(() => expect(scrolled).toContain(card.id));
      await waitFor(() => expect(document.activeElement).toBe(card));
      // Every section is in the page now, but of the cards only the target's group mounted: the groups between stay unmounted.
      expect(document.querySelectorAll('.run-section')).toHaveLength(6);
      expect(document.querySelectorAll('.run-question')).toHaveLength(20);
      expect(card.querySelector('input:not([disabled]), textarea:not([disabled]), .run-option:not([disabled])')).not.toBeNull();
      view.unmount();
    } finally {
      vi.unstubAllGlobals();
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  }, 60_000);
});
