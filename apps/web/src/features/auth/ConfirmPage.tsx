import { useEffect } from 'react';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { AuthLayout } from './AuthLayout';
import { useConfirm } from './waysApi';
import { DonePage, ExpiredLinkPage } from './WaysParts';

/** The confirmation e-mail's link: confirms once on opening, then the person signs in. */
export function ConfirmPage() {
  const { t } = useTranslation();
  const key = useSearchParams()[0].get('key') ?? '';
  const confirm = useConfirm();
  const { mutate } = confirm;
  useEffect(() => {
    if (key) mutate(key);
  }, [key, mutate]);
  if (!key || confirm.isError) return <ExpiredLinkPage retryPath="/confirm/resend" retryLabel={t('ways.resend.link')} />;
  if (confirm.isSuccess) return <DonePage title={t('ways.confirm.done')} body={t('ways.confirm.doneBody')} />;
  return (
    <AuthLayout>
      <Spin size="large" style={{ display: 'block', margin: '48px auto' }} />
    </AuthLayout>
  );
}
