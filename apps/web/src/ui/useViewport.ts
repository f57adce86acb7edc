import { useSyncExternalStore } from 'react';
import { MOBILE_MAX_WIDTH } from '@audit/domain/constants';

/** Phones: below 768 px. Compact: below 992 px (the sidebar collapses). */
const PHONE_QUERY = '(max-width: 767.98px)';
const COMPACT_QUERY = `(max-width: ${MOBILE_MAX_WIDTH - 0.02}px)`;

const matches = (query: string) => typeof window !== 'undefined' && window.matchMedia(query).matches;

function subscribe(onChange: () => void) {
  const lists = [PHONE_QUERY, COMPACT_QUERY].map((q) => window.matchMedia(q));
  lists.forEach((list) => list.addEventListener('change', onChange));
  return () => lists.forEach((list) => list.removeEventListener('change', onChange));
}

/** Whether the screen is a phone's now (outside React: a route's loader). */
export const isPhoneNow = () => matches(PHONE_QUERY);

export function useViewport() {
  const isMobile = useSyncExternalStore(
    subscribe,
    () => matches(PHONE_QUERY),
    () => false,
  );
  const isCompact = useSyncExternalStore(
    subscribe,
    () => matches(COMPACT_QUERY),
    () => false,
  );
  return { isMobile, isCompact };
}
