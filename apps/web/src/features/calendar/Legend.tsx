import { useTranslation } from 'react-i18next';
import { VISIT_KINDS, VisitIcon } from './visitLook';

/** What each look means: planned (dashed), in progress, done (ticked). */
export function Legend() {
  const { t } = useTranslation();
  return (
    <div className="visits-legend" aria-label={t('calendar.legend')}>
      {VISIT_KINDS.map((kind) => (
        <span key={kind} className={`visit-chip ${kind}`}>
          <VisitIcon kind={kind} />
          <span>{t(`calendar.kind.${kind}`)}</span>
        </span>
      ))}
    </div>
  );
}
