import type { ReactNode } from 'react';
import { AppstoreOutlined } from '@ant-design/icons';
import { MENU, type TMenuEntry } from '../menu';

/** The icons the manifests give their menu entries (manifest.tsx `icon`), by menu key. */
const ICONS = new Map<string, ReactNode>();
const collect = (entries: readonly TMenuEntry[]) =>
  entries.forEach((entry) => {
    if (entry.icon) ICONS.set(entry.key, entry.icon);
    if (entry.children) collect(entry.children);
  });
collect(MENU);

/** An entry's icon, else its group's, else a generic one (the home page's shortcuts). */
export const iconFor = (key: string, parentKey?: string) => ICONS.get(key) ?? (parentKey ? ICONS.get(parentKey) : undefined) ?? <AppstoreOutlined />;
