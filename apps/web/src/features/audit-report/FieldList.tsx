import { Descriptions, Table, Typography } from 'antd';
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
        <Table
          size="small"
          pagination={false}
          rowKey="key"
          dataSource={people}
          style={{ marginBottom: others.length ? 16 : 0 }}
          columns={[
            { key: 'name', title: t('report.contacts.name'), dataIndex: 'name' },
            {
              key: 'email',
              title: t('report.contacts.email'),
              dataIndex: 'email',
              render: (email: string) => (email ? <a href={`mailto:${email}`}>{email}</a> : dash),
            },
            { key: 'group', title: t('report.contacts.group'), dataIndex: 'group' },
          ]}
        />
      )}
      <FieldList fields={others} />
    </>
  );
}
