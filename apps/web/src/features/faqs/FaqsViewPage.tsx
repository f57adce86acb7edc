import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Collapse, Empty, Flex, Tag, Typography } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { faqIn } from '@audit/domain/faqs/schemas';
import { ErrorState, PageSkeleton } from '../../ui/PageStates';
import { SearchBox } from '../../ui/SearchBox';
import { useMe, userCan } from '../../session/me';
import { Markdown } from './Markdown';
import { useFaqView, type TFaqView } from './faqsApi';
import { FAQS_ADMIN_PATH, useLanguage } from './paths';

/**
 * /faqs-view (auditors) and /faqs-view-client (clients): the view's FAQs as an accordion in the
 * user's language (the other one when a FAQ has no translation), searched in their question and
 * answer. Those who write FAQs reach the list they edit from here.
 */
export function FaqsViewPage({ view }: { view: TFaqView }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data: me } = useMe();
  const [search, setSearch] = useState('');
  const onSearch = useCallback((text: string) => setSearch(text), []);
  const list = useFaqView(view, language, search);
  const manages = userCan(me, 'FAQ:CREATE') || userCan(me, 'FAQ:WRITE');
  // One answer open at a time; a search's answer opens its first match (once its results are in).
  const [open, setOpen] = useState<string[]>([]);
  const first = list.isPlaceholderData ? undefined : list.data?.[0]?._id;
  useEffect(() => {
    if (search.trim() && first) setOpen([first]);
  }, [search, first]);

  return (
    <Flex vertical gap={12} style={{ maxWidth: 920, width: '100%', margin: '0 auto' }}>
      <Card>
        <Flex justify="space-between" align="center" gap={12} wrap>
          <div style={{ minWidth: 0 }}>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {t('faqs.view.title')}
            </Typography.Title>
            <Typography.Text type="secondary">{t(view === 'AUDITOR' ? 'faqs.view.subtitleAuditor' : 'faqs.view.subtitleClient')}</Typography.Text>
          </div>
          {manages && (
            <Link to={FAQS_ADMIN_PATH}>
              <Button icon={<SettingOutlined />}>{t('faqs.view.manage')}</Button>
            </Link>
          )}
        </Flex>
        <div style={{ marginTop: 16 }}>
          <SearchBox value={search} onSearch={onSearch} placeholder={t('faqs.view.search')} />
        </div>
      </Card>
      {list.isPending ? (
        <PageSkeleton rows={8} />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <Card>
          <Empty description={search.trim() ? t('faqs.view.noMatches', { search: search.trim() }) : t('faqs.view.empty')} />
        </Card>
      ) : (
        <Collapse
          accordion
          size="large"
          style={{ background: '#fff' }}
          data-testid="faq-accordion"
          activeKey={open}
          onChange={(keys) => setOpen(typeof keys === 'string' ? [keys] : keys)}
          items={list.data.map((faq) => {
            const shown = faqIn(faq, language);
            return {
              key: faq._id,
              label: <span style={{ fontWeight: 500 }}>{shown.question}</span>,
              children: (
                <>
                  {shown.language !== language && (
                    <Tag style={{ marginBottom: 8 }}>{t('faqs.view.untranslated', { language: t(`faqs.languages.${shown.language}`) })}</Tag>
                  )}
                  <Markdown source={shown.answer} />
                </>
              ),
            };
          })}
        />
      )}
    </Flex>
  );
}
