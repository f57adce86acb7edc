import { useRef } from 'react';
import { Collapse, Drawer, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TAudit } from '@audit/domain/audits';
import { QuestionnaireEntry } from './questionnaire/QuestionnaireEntry';
import { useRun } from './RunContext';
import { useRunUi } from './runUi';
import { figuresOf, selectPending, type TTocQuestion } from './selectors';
import { useAuditSelect } from './useAuditSelect';

const selectToc = (audit: TAudit) => ({
  sections: audit.sections.map((s) => ({ _id: s._id, title: s.title, type: s.type, ...figuresOf(s) })),
  ...selectPending(audit),
});

/**
 * Table of contents: sections as bookmarks, unanswered and failed questions, and the switch that
 * shows or hides every incidence list. A drawer, so a click outside (the mask) closes it. Its
 * contents are computed only while it is open.
 */
export function TocDrawer({ open, onClose, narrow }: { open: boolean; onClose: () => void; narrow: boolean }) {
  const { t } = useTranslation();
  // Going somewhere moves the focus there, so the drawer must not give it back to the contents
  // button when it closes (it does for a plain close).
  const navigating = useRef(false);
  const goAfterClose = (go: () => void) => {
    navigating.current = true;
    onClose();
    // After the close has rendered (the focus trap is released); scrollToQuestion waits a frame more.
    setTimeout(() => {
      go();
      navigating.current = false;
    }, 0);
  };
  return (
    <Drawer
      title={t('auditRun.toc.title')}
      placement="right"
      open={open}
      onClose={onClose}
      focusable={{ focusTriggerAfterClose: !navigating.current }}
      size={narrow ? '100%' : 380}
      destroyOnHidden
    >
      {open && <TocContents go={goAfterClose} />}
    </Drawer>
  );
}

function TocContents({ go }: { go: (action: () => void) => void }) {
  const { t } = useTranslation();
  const { auditId, ui } = useRun();
  const toc = useAuditSelect(auditId, selectToc);
  const showAll = useRunUi(ui, (s) => s.showAllIncidences);
  if (!toc) return null;
  const goToSection = (sectionId: string) => go(() => ui.scrollToSection(sectionId));
  const goToQuestion = (q: TTocQuestion) => go(() => ui.scrollToQuestion(q.sectionId, q._id));
  const questionList = (items: TTocQuestion[], empty: string) =>
    items.length ? (
      <ul className="run-toc-list">
        {items.map((q) => (
          <li key={q._id}>
            <button type="button" className="run-toc-link" onClick={() => goToQuestion(q)}>
              <span>{q.name}</span>
              <span className="run-muted">{q.sectionTitle}</span>
            </button>
          </li>
        ))}
      </ul>
    ) : (
      <div className="run-muted">{empty}</div>
    );
  return (
    <div className="run-toc">
      <QuestionnaireEntry />
      <label className="run-toc-switch">
        <Switch checked={showAll} onChange={ui.setShowAllIncidences} /> {t('auditRun.toc.showAllIncidences')}
      </label>
      <Collapse
        defaultActiveKey={['sections', 'unanswered', 'failed']}
        items={[
          {
            key: 'sections',
            label: t('auditRun.toc.sections'),
            children: (
              <ul className="run-toc-list">
                {toc.sections.map((s) => (
                  <li key={s._id}>
                    <button type="button" className="run-toc-link" onClick={() => goToSection(s._id)}>
                      <span>{s.title}</span>
                      {s.type === 'QUESTION' && (
                        <span className="run-muted">{t('auditRun.section.answered', { answered: s.answered, total: s.questions })}</span>
                      )}
                    </button>
                  </li>
                ))}
              </ul>
            ),
          },
          {
            key: 'unanswered',
            label: `${t('auditRun.toc.unanswered')} (${toc.unanswered.length})`,
            children: questionList(toc.unanswered, t('auditRun.toc.noneUnanswered')),
          },
          { key: 'failed', label: `${t('auditRun.toc.failed')} (${toc.failed.length})`, children: questionList(toc.failed, t('auditRun.toc.noneFailed')) },
        ]}
      />
    </div>
  );
}
