import { Button, Dropdown } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type TLanguage } from '@audit/domain/constants';
import { changeLanguage } from '../../i18n';
import { ME_QUERY_KEY, saveMyLanguage, type TMe } from '../../session/me';

/**
 * es / en: applied at once (localStorage, server errors through the x-language header) and saved on
 * the user (PATCH users/me/language), so the next sign-in opens in it. With no network the choice
 * stays on this device only.
 */
export function LanguageSwitch({ compact }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const choose = async (language: TLanguage) => {
    await changeLanguage(language);
    try {
      await saveMyLanguage(language);
      queryClient.setQueryData<TMe>(ME_QUERY_KEY, (me) => (me ? { ...me, language } : me));
    } catch {
      /* offline or refused: the device keeps the choice */
    }
  };
  const items = LANGUAGES.map((language) => ({ key: language, label: t(`language.${language}`) }));
  return (
    <Dropdown trigger={['click']} menu={{ items, selectable: true, selectedKeys: [i18n.language], onClick: ({ key }) => void choose(key as TLanguage) }}>
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('shell.language')} data-testid="language-switch">
        {compact ? i18n.language.toUpperCase() : t(`language.${i18n.language}`)}
      </Button>
    </Dropdown>
  );
}
