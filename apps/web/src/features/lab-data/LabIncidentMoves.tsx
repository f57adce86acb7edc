import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TLabIncidentStatus } from '@audit/domain/lab-data';
import { useMoveLabIncident, type TLabIncident } from './labDataApi';

const MOVE_LABEL: Record<TLabIncidentStatus, string> = { DRAFT: 'labData.moves.DRAFT', RUNNING: 'labData.moves.RUNNING', SOLVED: 'labData.moves.SOLVED' };

/** The moves the server offers this caller (its `moves`), one button each: in the list's rows and cards, and the detail. */
export function LabIncidentMoves({ incident }: { incident: TLabIncident }) {
  const { t } = useTranslation();
  const move = useMoveLabIncident();
  if (!incident.moves.length) return null;
  return (
    <Flex gap={4} wrap onClick={(e) => e.stopPropagation()}>
      {incident.moves.map((to) => (
        <Button
          key={to}
          size="small"
          type={to === 'SOLVED' || (to === 'RUNNING' && incident.status === 'DRAFT') ? 'primary' : 'default'}
          loading={move.isPending && move.variables?.status === to}
          onClick={() => move.mutate({ id: incident._id, status: to })}
          data-testid={`lab-move-${to}`}
        >
          {t(incident.status === 'SOLVED' && to === 'RUNNING' ? 'labData.moves.reopen' : MOVE_LABEL[to])}
        </Button>
      ))}
    </Flex>
  );
}
