import { Tag } from 'antd';
import { useQuestionnaireT } from './i18n';

export function SentTag({ sent }: { sent: boolean }) {
  const t = useQuestionnaireT();
  return (
    <Tag color={sent ? 'success' : 'default'} data-testid="questionnaire-sent">
      {sent ? t('sent') : t('notSent')}
    </Tag>
  );
}
