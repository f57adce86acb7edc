import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCents, type TContractTotals } from '@audit/domain/contracts/totals';

/** Net, the IVA of each group, and the total: the domain's cents, formatted (decision 0083). */
export function ContractTotals({ totals, testId }: { totals: Pick<TContractTotals, 'netCents' | 'totalCents' | 'byGroup'>; testId: string }) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatCents(cents, i18n.language);
  const row = (label: string, cents: number, strong = false, id?: string) => (
    <Flex justify="space-between" gap={16} key={label}>
      <Typography.Text type={strong ? undefined : 'secondary'} strong={strong}>
        {label}
      </Typography.Text>
      <Typography.Text strong={strong} style={strong ? { fontSize: 18 } : undefined} data-testid={id}>
        {money(cents)}
      </Typography.Text>
    </Flex>
  );
  return (
    <Flex vertical gap={4} data-testid={testId} style={{ maxWidth: 380, marginInlineStart: 'auto', paddingTop: 8 }}>
      {row(t('contracts.fields.net'), totals.netCents, false, `${testId}-net`)}
      {totals.byGroup.map((g) => row(t('contracts.ivaOf', { percentage: g.percentage, net: money(g.netCents) }), g.ivaCents))}
      {row(t('contracts.fields.total'), totals.totalCents, true, `${testId}-total`)}
    </Flex>
  );
}
