import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** The browser's connectivity (sections can be duplicated or removed only online). */
export const useOnline = () => useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
