import { Flex, Switch, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ME_QUERY_KEY, type TMe } from '../../session/me';
import { notifySuccess } from '../../ui/feedback';
import { saveMySetting } from '../../ui/tableSettings';

/** E-mails about one's incidents and corrective actions (decision 0039): on unless turned off; the bell still tells. */
export function IncidentEmailsSwitch({ me }: { me: TMe }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (on: boolean) => saveMySetting('incidentEmails', on),
    onSuccess: async () => {
      notifySuccess('updateSuccess');
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
  const on = me.settings?.incidentEmails !== false;
  return (
    <Flex gap={12} align="center">
      <Switch id="incident-emails" checked={on} loading={save.isPending} onChange={(next) => save.mutate(next)} data-testid="incident-emails" />
      <label htmlFor="incident-emails">
        <Typography.Text>{t('profileEdit.incidentEmails')}</Typography.Text>
      </label>
    </Flex>
  );
}
