import { useEffect, useRef, type ReactNode } from 'react';
import { Card, Empty, Flex, Skeleton, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorState } from './PageStates';

/** Skeleton rows shown while the first page of a directory loads. */
export const DIRECTORY_SKELETON_ROWS = 10;
const LOAD_MORE_WITHIN_PX = 50;

interface TProps<T> {
  items: T[];
  rowKey: (item: T) => string;
  renderCard: (item: T) => ReactNode;
  loading: boolean;
  loadingMore: boolean;
  hasMore: boolean;
  error?: unknown;
  onRetry?: () => void;
  onLoadMore: () => void;
}

/** Directory view: cards in a grid that loads the next page when scrolled within 50 px of the end. */
export function DirectoryView<T>({ items, rowKey, renderCard, loading, loadingMore, hasMore, error, onRetry, onLoadMore }: TProps<T>) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const near = () => {
    const el = box.current;
    return Boolean(el && el.scrollHeight - el.scrollTop - el.clientHeight <= LOAD_MORE_WITHIN_PX);
  };
  // A first page that does not fill the box cannot be scrolled: load on.
  useEffect(() => {
    if (!loading && !loadingMore && hasMore && near()) onLoadMore();
  });
  if (error) return <ErrorState error={error} onRetry={onRetry} />;
  if (!loading && items.length === 0) return <Empty description={t('list.empty')} style={{ padding: 48 }} />;
  return (
    <div ref={box} className="directory-view" onScroll={() => hasMore && !loadingMore && near() && onLoadMore()} data-testid="directory-view">
      <div className="directory-grid">
        {loading
          ? Array.from({ length: DIRECTORY_SKELETON_ROWS }, (_, i) => (
              <Card key={i} size="small">
                <Skeleton active avatar paragraph={{ rows: 2 }} />
              </Card>
            ))
          : items.map((item) => <div key={rowKey(item)}>{renderCard(item)}</div>)}
      </div>
      {loadingMore && (
        <Flex justify="center" style={{ padding: 16 }}>
          <Spin />
        </Flex>
      )}
    </div>
  );
}
