import { useState } from 'react';
import { Button, Checkbox, Empty, Flex, Input, Select, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SECTION_TYPES, TEMPLATE_NAME_MAX, type TSectionType } from '@audit/domain/templates';
import { SectionPanel } from './SectionPanel';
import { useAddSection, useMoveSection } from './sectionsApi';
import { SortableList } from '../../ui/SortableList';
import { lengthCount } from '../../ui/NumberField';
import type { TTemplate } from './templatesApi';

/** The template's sections in order: reorder, add (DATA, QUESTION, CONTACTS). */
export function SectionsEditor({ tpl, readOnly }: { tpl: TTemplate; readOnly: boolean }) {
  const { t } = useTranslation();
  const move = useMoveSection(tpl._id);
  return (
    <Flex vertical gap={12}>
      {tpl.sections.length === 0 && <Empty description={t('templates.sections.empty')} />}
      <SortableList
        items={tpl.sections}
        rowKey={(s) => s._id}
        labelOf={(s) => s.title}
        disabled={readOnly}
        onMove={(s, position) => move.mutate({ id: s._id, position })}
        render={(section, _index, handle) => (
          <SectionPanel templateId={tpl._id} section={section} handle={handle} readOnly={readOnly} isPoolService={tpl.service?.isPoolService === true} />
        )}
      />
      {!readOnly && <AddSection templateId={tpl._id} />}
    </Flex>
  );
}

function AddSection({ templateId }: { templateId: string }) {
  const { t } = useTranslation();
  const add = useAddSection(templateId);
  const [title, setTitle] = useState('');
  const [type, setType] = useState<TSectionType>('QUESTION');
  const [duplicable, setDuplicable] = useState(false);
  const tooLong = title.length > TEMPLATE_NAME_MAX;
  const submit = () => {
    if (!title.trim() || tooLong) return;
    // Each new section starts from the defaults: a CONTACTS section must not inherit "duplicable" from the previous one.
    add.mutate(
      { title: title.trim(), type, duplicable },
      {
        onSuccess: () => {
          setTitle('');
          setType('QUESTION');
          setDuplicable(false);
        },
      },
    );
  };
  return (
    <Flex gap={8} wrap align="center" className="add-section" data-testid="add-section">
      <Input
        style={{ flex: '1 1 240px' }}
        value={title}
        count={lengthCount(TEMPLATE_NAME_MAX)}
        status={tooLong ? 'error' : undefined}
        placeholder={t('templates.sections.newTitle')}
        aria-label={t('templates.sections.newTitle')}
        onChange={(e) => setTitle(e.target.value)}
        onPressEnter={submit}
      />
      <Select
        style={{ width: 170 }}
        value={type}
        onChange={setType}
        aria-label={t('templates.sections.type')}
        options={SECTION_TYPES.map((s) => ({ value: s, label: t(`templates.sectionType.${s}`) }))}
      />
      <Checkbox checked={duplicable} onChange={(e) => setDuplicable(e.target.checked)}>
        {t('templates.sections.duplicable')}
      </Checkbox>
      <Button type="primary" icon={<PlusOutlined />} onClick={submit} disabled={!title.trim() || tooLong} loading={add.isPending}>
        {t('templates.sections.add')}
      </Button>
      {tooLong && (
        <Typography.Text type="danger" style={{ flexBasis: '100%' }} role="alert">
          {t('form.tooLong', { max: TEMPLATE_NAME_MAX, count: title.length })}
        </Typography.Text>
      )}
    </Flex>
  );
}
