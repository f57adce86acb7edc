import { Flex, Switch, Tooltip, Typography } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { statisticsCalls } from '@audit/domain/statistics/calls';
import { send } from '../../api/send';
import { notifyError } from '../../ui/feedback';

const DIGEST_KEY = ['statistics', 'digest'] as const;

/**
 * The monthly digest by e-mail (decision 0091): on the 1st, last month's dashboard in the user's
 * language with the corporate PDF attached. The switch shows the server's answer, not a guess.
 */
export function DigestSwitch() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const digest = useQuery({ queryKey: DIGEST_KEY, queryFn: () => send(statisticsCalls.digest) });
  const change = useMutation({
    mutationFn: (subscribed: boolean) => send(statisticsCalls.setDigest, { body: { subscribed } }),
    onSuccess: (data) => queryClient.setQueryData(DIGEST_KEY, data),
    onError: notifyError,
  });
  return (
    <Tooltip title={t('statistics.digest.help')}>
      <Flex align="center" gap={8}>
        <MailOutlined aria-hidden />
        <Typography.Text id="stats-digest-label">{t('statistics.digest.label')}</Typography.Text>
        <Switch
          aria-labelledby="stats-digest-label"
          checked={digest.data?.subscribed ?? false}
          loading={digest.isPending || change.isPending}
          disabled={!!digest.error}
          onChange={(on) => change.mutate(on)}
          data-testid="stats-digest"
        />
      </Flex>
    </Tooltip>
  );
}
