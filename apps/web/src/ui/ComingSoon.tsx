import { Button, Card, Result } from 'antd';
import { RocketOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** The shared empty state of every section that has no screen yet. */
export function ComingSoon({ title, homePath }: { title: string; homePath: string }) {
  const { t } = useTranslation();
  return (
    <Card>
      <Result
        icon={<RocketOutlined style={{ color: 'var(--ant-color-primary, #0b6e5f)' }} />}
        title={title}
        subTitle={t('common.comingSoon')}
        extra={
          <Link to={homePath}>
            <Button type="primary">{t('common.backHome')}</Button>
          </Link>
        }
      />
    </Card>
  );
}

export function Forbidden({ homePath }: { homePath: string }) {
  const { t } = useTranslation();
  return (
    <Card>
      <Result
        status="403"
        title={t('common.forbiddenTitle')}
        subTitle={t('common.forbidden')}
        extra={
          <Link to={homePath}>
            <Button type="primary">{t('common.backHome')}</Button>
          </Link>
        }
      />
    </Card>
  );
}
