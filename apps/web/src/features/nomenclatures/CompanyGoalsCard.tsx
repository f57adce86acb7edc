import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMe, userCan } from '../../session/me';
import { useCurrentSpace } from '../../session/space';
import { GoalsEditor } from '../../ui/goals/GoalsEditor';

/**
 * Under /settings/services: the company's own goals, which every client and establishment without
 * goals of its own uses (docs/decisions/0023). Shown in the company's root space only.
 */
export function CompanyGoalsCard() {
  const { t } = useTranslation();
  const space = useCurrentSpace().data;
  const me = useMe().data;
  if (!space?.isRoot) return null;
  return (
    <Card title={t('goals.companyGoals')} data-testid="company-goals">
      <GoalsEditor spaceId={space._id} canEdit={userCan(me, 'STRUCTURE:WRITE')} company />
    </Card>
  );
}
