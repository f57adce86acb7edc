import { Flex, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isDefaultRoleName, roleAudience, type TRoleAudience } from '@audit/domain/roles';

/** What the screens know of a role: enough to name it, say what it may do and whose staff it is for. */
export interface TRoleLike {
  _id: string;
  name: string;
  superAdmin: boolean;
  permissions?: readonly string[];
}

/**
 * A role as a person reads it (decision 0062): the default roles by a translated name and a line of
 * what they may do; a role an administrator made by its own name and its count of permissions.
 */
export function roleText(t: TFunction, role: Pick<TRoleLike, 'name' | 'permissions'>) {
  if (isDefaultRoleName(role.name)) return { name: t(`roleLabels.${role.name}.name`), description: t(`roleLabels.${role.name}.description`) };
  return {
    name: role.name,
    description: role.permissions ? t('roleLabels.custom', { count: role.permissions.length }) : t('roleLabels.customNoCount'),
  };
}

export const useRoleText = () => {
  const { t } = useTranslation();
  return (role: Pick<TRoleLike, 'name' | 'permissions'>) => roleText(t, role);
};

const AUDIENCES: TRoleAudience[] = ['company', 'client'];

/**
 * A role Select's options, grouped by whose staff the role is for (the company's, a client's);
 * `label` is the translated name (shown once chosen), `description` the line under it in the list.
 */
export function roleSelectOptions(t: TFunction, roles: readonly TRoleLike[]) {
  return AUDIENCES.map((audience) => ({
    label: t(`roleLabels.audience.${audience}`),
    title: audience,
    options: roles.filter((r) => roleAudience(r) === audience).map((r) => ({ value: r._id, ...labelOf(t, r) })),
  })).filter((group) => group.options.length);
}
const labelOf = (t: TFunction, r: TRoleLike) => {
  const text = roleText(t, r);
  return { label: text.name, description: text.description };
};

/** The Select's optionRender: the name, and under it what the role may do. */
export function RoleOption({ option }: { option: { label?: React.ReactNode; data: object } }) {
  const { description } = option.data as { description?: string };
  return (
    <Flex vertical style={{ whiteSpace: 'normal' }} data-testid="role-option">
      <span>{option.label}</span>
      {description && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {description}
        </Typography.Text>
      )}
    </Flex>
  );
}
