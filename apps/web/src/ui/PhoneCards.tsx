import type { KeyboardEvent, ReactNode } from 'react';
import { Card, Empty, Flex, Pagination, Skeleton, Typography } from 'antd';
import { ErrorState } from './PageStates';

interface TPhoneCardsProps<T> {
  /** The list's test id (e2e specs find the cards through it). */
  testId: string;
  items: T[] | undefined;
  total: number;
  /** Zero-based, like ListPage's. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  loading: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** Said when there is nothing to show (no rows, or none matching the filters). */
  emptyText: string;
  rowKey: (item: T) => string;
  renderCard: (item: T) => ReactNode;
}

/**
 * A list as cards on a phone (ListPage's `directory`): the error, a skeleton while the first page
 * loads, the empty text, or one card per row with a simple pager below, paged like the table.
 */
export function PhoneCards<T>(props: TPhoneCardsProps<T>) {
  const { items, total, page, pageSize } = props;
  return (
    <div data-testid={props.testId}>
      {props.error ? (
        <ErrorState error={props.error} onRetry={props.onRetry} />
      ) : props.loading ? (
        <Skeleton active />
      ) : !items?.length ? (
        <Empty description={props.emptyText} />
      ) : (
        <Flex vertical gap={8}>
          {items.map((item) => (
            <div key={props.rowKey(item)}>{props.renderCard(item)}</div>
          ))}
          <Pagination simple current={page + 1} pageSize={pageSize} total={total} onChange={(p) => props.onPageChange(p - 1)} style={{ alignSelf: 'center' }} />
        </Flex>
      )}
    </div>
  );
}

interface TPhoneCardProps {
  testId: string;
  title: ReactNode;
  /** Beside the title, on the right (a status or verdict tag). */
  tag?: ReactNode;
  /** One line of secondary facts below the title. */
  meta?: ReactNode;
  /** Anything else below: a warning, tags, the row's buttons. */
  children?: ReactNode;
  /** Opens the row: a click on the card or Enter while it has focus (not on a button inside it). */
  onOpen?: () => void;
}

/** One row of a list as a phone card: title and tag, a secondary line, then the rest. */
export function PhoneCard({ testId, title, tag, meta, children, onOpen }: TPhoneCardProps) {
  const open = onOpen
    ? {
        hoverable: true,
        onClick: onOpen,
        tabIndex: 0,
        onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => e.key === 'Enter' && e.target === e.currentTarget && onOpen(),
      }
    : {};
  return (
    <Card size="small" {...open} data-testid={testId}>
      <Flex justify="space-between" gap={8} wrap>
        <Typography.Text strong>{title}</Typography.Text>
        {tag}
      </Flex>
      {meta && (
        <Typography.Paragraph type="secondary" style={{ fontSize: 13, margin: '6px 0 0' }}>
          {meta}
        </Typography.Paragraph>
      )}
      {children}
    </Card>
  );
}
