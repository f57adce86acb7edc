import type { ReactNode } from 'react';
import { Avatar, Card, Col, Flex, Row, Tag, Typography } from 'antd';
import { ApartmentOutlined, ArrowRightOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { initialsOf, type TMe } from '../../session/me';
import { useCurrentSpace } from '../../session/space';
import { zoneOr } from '@audit/domain/dates';

export interface TShortcut {
  key: string;
  path: string;
  label: string;
  group?: string;
  icon: ReactNode;
}

/** "Domingo, 22 de noviembre de 2026" / "Sunday, 22 November 2026": today where the space is. */
function today(language: string, timeZone: string) {
  const text = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'es-ES', { dateStyle: 'full', timeZone }).format(new Date());
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function greetingKey() {
  const hour = dayjs().hour();
  return hour < 13 ? 'home.morning' : hour < 20 ? 'home.afternoon' : 'home.evening';
}

function Fact({ icon, label, value }: { icon: ReactNode; label: string; value: ReactNode }) {
  return (
    <Card className="home-fact">
      <Flex gap={14} align="center">
        <span className="home-fact-icon">{icon}</span>
        <div style={{ minWidth: 0 }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {label}
          </Typography.Text>
          <div className="home-fact-value">{value}</div>
        </div>
      </Flex>
    </Card>
  );
}

/** Welcome dashboard of /home/auditor and /home/client: the user, the current space and shortcuts. */
export function HomePage({ kind, me, shortcuts }: { kind: 'auditor' | 'client'; me: TMe; shortcuts: TShortcut[] }) {
  const { t, i18n } = useTranslation();
  const space = useCurrentSpace();
  return (
    <Flex vertical gap={20} data-testid={`home-${kind}`}>
      <Card className="home-hero">
        <Flex gap={20} align="center" wrap>
          <Avatar size={64} src={me.avatar || undefined} style={{ background: 'rgba(255,255,255,.2)', fontSize: 24, flex: 'none' }}>
            {initialsOf(me.fullName)}
          </Avatar>
          <div style={{ minWidth: 0, flex: 1 }}>
            <Typography.Text style={{ color: 'rgba(255,255,255,.75)', display: 'block' }}>{today(i18n.language, zoneOr(space.data?.timeZone))}</Typography.Text>
            <Typography.Title level={2} style={{ color: '#fff', margin: '2px 0 4px' }}>
              {t(greetingKey(), { name: me.firstName })}
            </Typography.Title>
            <Typography.Text style={{ color: 'rgba(255,255,255,.85)' }}>{t(`home.${kind}.intro`)}</Typography.Text>
          </div>
        </Flex>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Fact icon={<ApartmentOutlined />} label={t('home.currentSpace')} value={space.data?.name ?? '…'} />
        </Col>
        <Col xs={24} md={8}>
          <Fact icon={<UserOutlined />} label={t('home.profile')} value={me.isAdmin ? t('home.adminRole') : t(`home.${kind}.role`)} />
        </Col>
        <Col xs={24} md={8}>
          <Fact
            icon={<SafetyCertificateOutlined />}
            label={t('home.roles')}
            value={
              <Flex wrap gap={4}>
                {me.roles.map((r) => (
                  <Tag key={r._id} color={r.superAdmin ? 'gold' : 'blue'} style={{ marginInlineEnd: 0 }}>
                    {r.name}
                  </Tag>
                ))}
              </Flex>
            }
          />
        </Col>
      </Row>
      <Card title={t('home.shortcuts')}>
        {shortcuts.length === 0 ? (
          <Typography.Text type="secondary">{t('home.noShortcuts')}</Typography.Text>
        ) : (
          <Row gutter={[12, 12]}>
            {shortcuts.map((s) => (
              <Col key={s.key} xs={24} sm={12} lg={8} xxl={6}>
                <Link to={s.path} className="home-shortcut" data-testid="home-shortcut">
                  <span className="home-shortcut-icon">{s.icon}</span>
                  <span style={{ flex: 1, minWidth: 0 }}>
                    {s.group && <span className="home-shortcut-group">{s.group}</span>}
                    <span className="home-shortcut-label">{s.label}</span>
                  </span>
                  <ArrowRightOutlined className="home-shortcut-arrow" />
                </Link>
              </Col>
            ))}
          </Row>
        )}
      </Card>
    </Flex>
  );
}
