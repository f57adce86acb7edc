import { useState } from 'react';
import { Alert, Avatar, Button, Flex, Radio, Tag, Typography } from 'antd';
import { ApartmentOutlined, ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../i18n/errorMessage';
import { initialsOf } from '../../session/me';
import { useChooseStructure, type TSigninSession } from './authApi';

/** Structure selection at sign-in, for a user who belongs to several spaces. */
export function StructureChoice({ session, onDone, onBack }: { session: TSigninSession; onDone: (s: TSigninSession) => void; onBack: () => void }) {
  const { t } = useTranslation();
  const [spaceId, setSpaceId] = useState(session.space._id);
  const choose = useChooseStructure();
  const submit = () => choose.mutate({ spaceId, token: session.accessToken }, { onSuccess: onDone });
  return (
    <div data-testid="structure-selection">
      <Typography.Title level={3} style={{ marginBottom: 4 }}>
        <ApartmentOutlined /> {t('auth.structure.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('auth.structure.subtitle')}</Typography.Paragraph>
      {choose.isError && <Alert type="error" showIcon title={errorMessage(choose.error)} style={{ marginBottom: 16 }} />}
      <Radio.Group value={spaceId} onChange={(e) => setSpaceId(e.target.value as string)} style={{ width: '100%' }}>
        <Flex vertical gap={10}>
          {session.spaces.map((space) => (
            <label key={space._id} className={`structure-option${space._id === spaceId ? ' is-selected' : ''}`}>
              <Radio value={space._id} />
              <Avatar shape="square" src={space.logo || undefined} style={{ background: '#0b6e5f', flex: 'none' }}>
                {initialsOf(space.name)}
              </Avatar>
              <span style={{ flex: 1, minWidth: 0 }}>
                <Typography.Text strong ellipsis style={{ display: 'block' }}>
                  {space.name}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {space.identifier}
                </Typography.Text>
              </span>
              <Tag>{t(`spaces.type.${space.typeStructure}`, { defaultValue: space.typeStructure })}</Tag>
            </label>
          ))}
        </Flex>
      </Radio.Group>
      <Flex gap={12} style={{ marginTop: 24 }}>
        <Button icon={<ArrowLeftOutlined />} onClick={onBack} size="large">
          {t('common.back')}
        </Button>
        <Button type="primary" size="large" block onClick={submit} loading={choose.isPending}>
          {t('auth.structure.continue')}
        </Button>
      </Flex>
    </div>
  );
}
