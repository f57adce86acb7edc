import { Button, Dropdown } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type TLanguage } from '@audit/domain/constants';
import { changeLanguage } from '../../i18n';

/** es / en, persisted in localStorage; server errors follow through the x-language header. */
export function LanguageSwitch({ compact }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const items = LANGUAGES.map((language) => ({ key: language, label: t(`language.${language}`) }));
  return (
    <Dropdown
      trigger={['click']}
      menu={{ items, selectable: true, selectedKeys: [i18n.language], onClick: ({ key }) => void changeLanguage(key as TLanguage) }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('shell.language')} data-testid="language-switch">
        {compact ? i18n.language.toUpperCase() : t(`language.${i18n.language}`)}
      </Button>
    </Dropdown>
  );
}
