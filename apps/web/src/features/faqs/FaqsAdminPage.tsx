import { useState } from 'react';
import { Button, Card, Empty, Flex, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, EyeOutlined, LockOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { faqIn } from '@audit/domain/faqs/schemas';
import { LANGUAGES } from '@audit/domain/constants';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ErrorState, PageSkeleton } from '../../ui/PageStates';
import { SortableList } from '../../ui/SortableList';
import { useMe, userCan } from '../../session/me';
import { FaqDrawer, type TFaqTarget } from './FaqDrawer';
import { useFaqList, useRemoveFaq, useReorderFaqs, type TFaq } from './faqsApi';
import { useLanguage } from './paths';

const AUDIENCE_COLORS = { AUDITOR: 'blue', CLIENT: 'green', ALL: 'default' } as const;

/**
 * /settings/faqs: every FAQ of the space in the order the views show them; created and edited in a
 * drawer (both languages side by side), deleted after a confirmation, reordered by dragging the
 * handle (pointer or keyboard) or the up and down buttons.
 */
export function FaqsAdminPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data: me } = useMe();
  const list = useFaqList();
  const remove = useRemoveFaq();
  const reorder = useReorderFaqs();
  const [target, setTarget] = useState<TFaqTarget | null>(null);
  const [removing, setRemoving] = useState<TFaq | null>(null);
  const mayCreate = userCan(me, 'FAQ:CREATE');

  const header = (
    <Card>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <div style={{ minWidth: 0 }}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('faqs.admin.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('faqs.admin.subtitle')}</Typography.Text>
        </div>
        <Flex gap={8} wrap>
          <Link to="/faqs-view">
            <Button icon={<EyeOutlined />}>{t('faqs.admin.previewAuditor')}</Button>
          </Link>
          <Link to="/faqs-view-client">
            <Button icon={<EyeOutlined />}>{t('faqs.admin.previewClient')}</Button>
          </Link>
          {mayCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget({})} data-testid="faq-new">
              {t('faqs.admin.new')}
            </Button>
          )}
        </Flex>
      </Flex>
    </Card>
  );

  const body = () => {
    if (list.isPending) return <PageSkeleton rows={8} />;
    if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
    const faqs = list.data;
    if (!faqs.length)
      return (
        <Card>
          <Empty description={t('faqs.admin.empty')} />
        </Card>
      );
    const movable = faqs.filter((f) => f.can.update);
    const move = (faq: TFaq, to: number) => {
      const ids = faqs.map((f) => f._id).filter((id) => id !== faq._id);
      ids.splice(to, 0, faq._id);
      reorder.mutate(ids.filter((id) => movable.some((f) => f._id === id)));
    };
    return (
      <SortableList
        items={faqs}
        rowKey={(f) => f._id}
        labelOf={(f) => faqIn(f, language).question}
        disabled={movable.length < 2 || reorder.isPending}
        onMove={move}
        render={(faq, _i, handle) => (
          <FaqRow faq={faq} handle={faq.can.update ? handle : null} onEdit={() => setTarget({ faq })} onRemove={() => setRemoving(faq)} />
        )}
      />
    );
  };

  return (
    <Flex vertical gap={12} style={{ maxWidth: 1100, width: '100%', margin: '0 auto' }}>
      {header}
      {body()}
      <FaqDrawer target={target} onClose={() => setTarget(null)} />
      <ConfirmDialog
        open={Boolean(removing)}
        title={t('faqs.admin.deleteTitle')}
        content={removing ? t('faqs.admin.deleteQuestion', { question: faqIn(removing, language).question }) : undefined}
        confirmText={t('common.delete')}
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => remove.mutate(removing!._id, { onSuccess: () => setRemoving(null) })}
      />
    </Flex>
  );
}

function FaqRow({ faq, handle, onEdit, onRemove }: { faq: TFaq; handle: React.ReactNode; onEdit: () => void; onRemove: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const shown = faqIn(faq, language);
  const missing = LANGUAGES.filter((l) => !faq.question[l]);
  return (
    <Card size="small" data-testid="faq-row">
      <Flex gap={10} align="center" wrap>
        {handle}
        <Flex vertical gap={4} style={{ flex: '1 1 240px', minWidth: 0 }}>
          <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
            {shown.question}
          </Typography.Text>
          <Flex gap={4} wrap>
            <Tag color={AUDIENCE_COLORS[faq.audience]}>{t(`faqs.audience.${faq.audience}`)}</Tag>
            {missing.map((l) => (
              <Tag key={l} color="orange">
                {t('faqs.admin.missing', { language: t(`faqs.languages.${l}`) })}
              </Tag>
            ))}
            {!faq.can.update && (
              <Tooltip title={t('faqs.admin.inherited')}>
                <Tag icon={<LockOutlined />}>{t('faqs.admin.inheritedShort')}</Tag>
              </Tooltip>
            )}
          </Flex>
        </Flex>
        <Flex gap={2}>
          {faq.can.update && (
            <Button size="small" type="text" icon={<EditOutlined />} aria-label={t('faqs.admin.editItem', { name: shown.question })} onClick={onEdit} />
          )}
          {faq.can.delete && (
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('faqs.admin.deleteItem', { name: shown.question })}
              onClick={onRemove}
            />
          )}
        </Flex>
      </Flex>
    </Card>
  );
}
