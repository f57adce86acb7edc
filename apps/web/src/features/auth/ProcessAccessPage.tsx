import { Alert, Button, Descriptions, Flex, Popconfirm, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../i18n/errorMessage';
import { AuthLayout } from './AuthLayout';
import { AuthParagraph, AuthTitle } from './AuthText';
import { useAccessLookup, useProcessAccess } from './waysApi';
import { DonePage, ExpiredLinkPage, isExpiredLink } from './WaysParts';

/** The administrator's e-mail link (process-access): see who asks, then accept or reject once. */
export function ProcessAccessPage() {
  const { t } = useTranslation();
  const key = useSearchParams()[0].get('key') ?? '';
  const lookup = useAccessLookup(key);
  const process = useProcessAccess();
  if (!key || isExpiredLink(lookup.error) || isExpiredLink(process.error)) return <ExpiredLinkPage />;
  if (process.isSuccess)
    return (
      <DonePage
        title={process.data.status === 'ACCEPTED' ? t('ways.process.accepted') : t('ways.process.rejected')}
        body={t(`ways.process.${process.data.status === 'ACCEPTED' ? 'acceptedBody' : 'rejectedBody'}`)}
      />
    );
  if (lookup.isPending)
    return (
      <AuthLayout>
        <Spin size="large" style={{ display: 'block', margin: '48px auto' }} />
      </AuthLayout>
    );
  const request = lookup.data;
  return (
    <AuthLayout>
      <AuthTitle style={{ marginBottom: 4 }}>{t('ways.process.title')}</AuthTitle>
      <AuthParagraph secondary style={{ marginBottom: 16 }}>
        {t('ways.process.intro', { space: request?.spaceName ?? '' })}
      </AuthParagraph>
      {(lookup.isError || process.isError) && (
        <Alert type="error" showIcon title={errorMessage(lookup.error ?? process.error)} style={{ marginBottom: 16 }} role="alert" />
      )}
      {request && (
        <>
          <Descriptions size="small" column={1} bordered style={{ marginBottom: 20 }} data-testid="access-summary">
            <Descriptions.Item label={t('ways.fields.name')}>{[request.firstName, request.lastName].filter(Boolean).join(' ')}</Descriptions.Item>
            <Descriptions.Item label={t('ways.fields.email')}>{request.email}</Descriptions.Item>
            {request.message && <Descriptions.Item label={t('ways.access.message')}>{request.message}</Descriptions.Item>}
          </Descriptions>
          {request.status === 'PENDING' ? (
            <Flex gap={12} wrap>
              <Button
                type="primary"
                size="large"
                loading={process.isPending && process.variables?.accept}
                onClick={() => process.mutate({ key, accept: true })}
              >
                {t('ways.process.accept')}
              </Button>
              <Popconfirm
                title={t('ways.process.rejectQuestion')}
                okText={t('common.yes')}
                cancelText={t('common.no')}
                onConfirm={() => process.mutate({ key, accept: false })}
              >
                <Button danger size="large" loading={process.isPending && !process.variables?.accept}>
                  {t('ways.process.reject')}
                </Button>
              </Popconfirm>
            </Flex>
          ) : (
            <Alert type="info" showIcon title={t(`ways.process.already.${request.status}`)} />
          )}
        </>
      )}
    </AuthLayout>
  );
}
