import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { TCalendarPanelContribution, TCalendarPanelProps } from '../../manifest/manifest';
import { registeredFeatures } from '../../manifest/registry';

export type TCalendarPanel = Omit<TCalendarPanelContribution, 'load' | 'order'> & {
  Panel: LazyExoticComponent<ComponentType<TCalendarPanelProps>>;
};

let assembled: TCalendarPanel[] | undefined;

/**
 * Panels other features' manifests show above the calendar (decision 0087), sorted by `order`, each
 * loaded only when the calendar shows it: the calendar imports no other feature.
 */
export function calendarPanels(): TCalendarPanel[] {
  assembled ??= registeredFeatures()
    .flatMap((manifest) => manifest.calendarPanels ?? [])
    .sort((a, b) => a.order - b.order)
    .map(({ load, order: _order, ...panel }) => ({ ...panel, Panel: lazy(() => load().then((Panel) => ({ default: Panel }))) }));
  return assembled;
}
