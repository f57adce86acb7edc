import type { ReactNode } from 'react';
import {
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  CalendarOutlined,
  ExperimentOutlined,
  FileProtectOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  HomeOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
  TeamOutlined,
  ToolOutlined,
  WarningOutlined,
  ProfileOutlined,
  ShopOutlined,
} from '@ant-design/icons';

/** Icons of the top-level menu entries, by menu key. */
export const MENU_ICONS: Record<string, ReactNode> = {
  homeAuditor: <HomeOutlined />,
  homeClient: <HomeOutlined />,
  clientRegisters: <ProfileOutlined />,
  clientAudits: <AuditOutlined />,
  labData: <ExperimentOutlined />,
  incidents: <WarningOutlined />,
  documentation: <FolderOpenOutlined />,
  users: <TeamOutlined />,
  analyticsClient: <BarChartOutlined />,
  analyticsAuditor: <BarChartOutlined />,
  calendar: <CalendarOutlined />,
  registers: <ProfileOutlined />,
  auditorAudits: <FileProtectOutlined />,
  faqsView: <QuestionCircleOutlined />,
  faqsViewClient: <QuestionCircleOutlined />,
  templates: <FileTextOutlined />,
  administration: <ToolOutlined />,
  settings: <SettingOutlined />,
  clients: <ShopOutlined />,
};

export const iconFor = (key: string, parentKey?: string) => MENU_ICONS[key] ?? (parentKey ? MENU_ICONS[parentKey] : undefined) ?? <AppstoreOutlined />;
