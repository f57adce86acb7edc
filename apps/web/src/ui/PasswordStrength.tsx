import { Flex, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PASSWORD_STRENGTH_MAX, passwordStrength, passwordStrengthLabel } from '@audit/domain/validators';

const COLORS = { veryWeak: '#cf1322', weak: '#fa541c', acceptable: '#faad14', good: '#52c41a', excellent: '#0b6e5f' } as const;

/** Strength bar: percent = score / 70 capped at 100, with the label of the domain's scale. */
export function PasswordStrength({ password }: { password: string }) {
  const { t } = useTranslation();
  const score = passwordStrength(password);
  const label = passwordStrengthLabel(score);
  const percent = Math.min(100, Math.round((score / PASSWORD_STRENGTH_MAX) * 100));
  return (
    <Flex align="center" gap={12} data-testid="password-strength">
      <Progress percent={password ? percent : 0} showInfo={false} strokeColor={COLORS[label]} style={{ flex: 1, margin: 0 }} size="small" />
      <Typography.Text style={{ color: password ? COLORS[label] : undefined, minWidth: 90, textAlign: 'right', fontSize: 12 }}>
        {password ? t(`password.strength.${label}`) : ''}
      </Typography.Text>
    </Flex>
  );
}
