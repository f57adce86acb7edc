import { Card, Skeleton } from 'antd';

/** The shape of the run view while the audit loads: header, then a few section panels. */
export function RunSkeleton() {
  return (
    <div className="run-page" aria-busy="true">
      <Card>
        <Skeleton active title={{ width: '40%' }} paragraph={{ rows: 1, width: '70%' }} />
      </Card>
      {[0, 1, 2].map((i) => (
        <Card key={i}>
          <Skeleton active paragraph={{ rows: 4 }} />
        </Card>
      ))}
    </div>
  );
}
