import type { ReactNode } from 'react';
import { Alert, Badge, Button, Card, Flex, Skeleton, Typography } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../i18n/errorMessage';
import type { THomeSectionKey } from './homeSections';

/** One line of a section: a link to the screen where one acts on it. */
export interface THomeLine {
  id: string;
  to: string;
  title: string;
  /** A second, quieter line (place, date, age). */
  detail?: string;
  /** Tags at the line's end (status, risk, count). */
  extra?: ReactNode;
}

interface TQuery<T> {
  data?: { items: T[]; total: number };
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface TProps<T> {
  section: THomeSectionKey;
  icon: ReactNode;
  seeAll: string;
  query: TQuery<T>;
  line: (item: T) => THomeLine;
}

/**
 * A home's section (decision 0080): its title with how many there are and a "see all" link to the
 * full list; a skeleton while it loads, the error with a retry, "nothing pending" in words, or the
 * latest lines, each one link (Tab moves from one to the next).
 */
export function HomeSection<T>({ section, icon, seeAll, query, line }: TProps<T>) {
  const { t } = useTranslation();
  const total = query.data?.total ?? 0;
  const titleId = `home-${section}-title`;
  return (
    <Card
      className="home-section"
      data-testid={`home-section-${section}`}
      title={
        <Flex gap={8} align="center" id={titleId}>
          <span className="home-section-icon">{icon}</span>
          <span className="home-section-title">{t(`home.sections.${section}.title`)}</span>
          {total > 0 && <Badge count={total} overflowCount={999} color="#1f6feb" aria-label={t('home.count', { count: total })} />}
        </Flex>
      }
      extra={
        <Link to={seeAll} data-testid={`home-see-all-${section}`} aria-label={`${t('home.seeAll')}: ${t(`home.sections.${section}.title`)}`}>
          {t('home.seeAll')} <RightOutlined />
        </Link>
      }
    >
      {query.error ? (
        <Alert
          type="warning"
          showIcon
          message={t('home.loadError')}
          description={errorMessage(query.error)}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : query.isPending ? (
        <div data-testid="home-section-loading" aria-busy="true">
          <Skeleton active title={false} paragraph={{ rows: 3 }} />
        </div>
      ) : !query.data?.items.length ? (
        <Typography.Text type="secondary" data-testid="home-section-empty">
          {t(`home.sections.${section}.empty`)}
        </Typography.Text>
      ) : (
        <ul className="home-lines" aria-labelledby={titleId}>
          {query.data.items.map((item) => {
            const l = line(item);
            return (
              <li key={l.id}>
                <Link to={l.to} className="home-line" data-testid="home-line">
                  <span className="home-line-text">
                    <span className="home-line-title">{l.title}</span>
                    {l.detail && <span className="home-line-detail">{l.detail}</span>}
                  </span>
                  {l.extra && <span className="home-line-extra">{l.extra}</span>}
                  <RightOutlined className="home-line-arrow" aria-hidden />
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
