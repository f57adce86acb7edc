import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseContacts, type TAuditField } from '@audit/domain/audits';
import { fieldText } from './reportLayout';
import { useReportZone } from './reportZone';

const dash = <Typography.Text type="secondary">—</Typography.Text>;

/** Cover (DATA) fields as label and value. */
export function FieldList({ fields }: { fields: TAuditField[] }) {
  const zone = useReportZone();
  if (!fields.length) return null;
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, lg: 2 }}
      items={fields.map((f) => ({
        key: f._id,
        label: f.label,
        children: fieldText(f, zone) ? <span style={{ whiteSpace: 'pre-wrap' }}>{fieldText(f, zone)}</span> : dash,
      }))}
      data-testid="report-fields"
    />
  );
}

/** CONTACTS fields: lists of name and e-mail become a table; other fields read as label and value. */
export function ContactList({ fields }: { fields: TAuditField[] }) {
  const { t } = useTranslation();
  const people = fields
    .filter((f) => f.type === 'contact_information')
    .flatMap((f) => parseContacts(f.value).map((c, i) => ({ ...c, key: `${f._id}-${i}`, group: f.label })));
  const others = fields.filter((f) => f.type !== 'contact_information');
  if (!people.length && !others.length) return <Typography.Text type="secondary">{t('report.noContacts')}</Typography.Text>;
  return (
    <>
      {people.length > 0 && (
        // A plain table drawn like antd's small one, as the readings' (AnswerView.tsx): antd's Table
        // measures the scrollbar on the page when it mounts, a forced layout of the whole report.
        <div className="report-readings report-contacts" style={{ marginBottom: others.length ? 16 : 0 }} data-testid="report-contacts">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('report.contacts.name')}</th>
                <th scope="col">{t('report.contacts.email')}</th>
                <th scope="col">{t('report.contacts.group')}</th>
              </tr>
            </thead>
            <tbody>
              {people.map((person) => (
                <tr key={person.key}>
                  <td>{person.name || dash}</td>
                  <td>{person.email ? <a href={`mailto:${person.email}`}>{person.email}</a> : dash}</td>
                  <td>{person.group}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <FieldList fields={others} />
    </>
  );
}
