import type { TAudit } from '@audit/domain/audits';
import { visibleFields } from '@audit/domain/templates';
import { useRun } from './RunContext';
import { shallowEqual, useAuditSelect } from './useAuditSelect';
import { FieldInput } from './widgets/FieldInput';
import { t } from './runI18n';

/** A pool count shows only when the audit's service is a pool service (product document, section 6). */
const selectFields = (sectionId: string) => (audit: TAudit) => {
  const fields = audit.sections.find((s) => s._id === sectionId)?.fields;
  return fields && visibleFields(fields, audit.service.isPoolService);
};

/** Cover fields (DATA) or contact fields (CONTACTS) of a section, saved through cover/update or contact-field/update. */
export function FieldsBlock({ sectionId, kind }: { sectionId: string; kind: 'cover' | 'contacts' }) {
  const { auditId, runnable, answers } = useRun();
  // The visible fields are a new array on every change of the audit: equal when their fields are the same objects
  // (an answer elsewhere must not render the cover's date pickers again).
  const fields = useAuditSelect(auditId, selectFields(sectionId), shallowEqual);
  if (!fields?.length) return <div className="run-muted">{t('auditRun.noFieldsForThisSection')}</div>;
  return (
    <div className="run-fields">
      {[...fields]
        .sort((a, b) => a.position - b.position)
        .map((field) => {
          const id = `field-${field._id}`;
          const wide = ['objective', 'evolution', 'summary', 'paragraph', 'contact_information'].includes(field.type);
          return (
            <div key={field._id} className={wide ? 'run-field is-wide' : 'run-field'}>
              <label className="run-label" htmlFor={id}>
                {field.label}
                {field.required && <span className="run-required"> *</span>}
              </label>
              <FieldInput id={id} field={field} disabled={!runnable} onSave={(value) => answers.saveFields(kind, [{ _id: field._id, value }])} />
            </div>
          );
        })}
    </div>
  );
}
