import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker, requestPersistentStorage } from './register';

afterEach(() => vi.unstubAllGlobals());

describe('requestPersistentStorage', () => {
  it('asks the browser once and reports its answer', async () => {
    const persist = vi.fn().mockResolvedValue(true);
    vi.stubGlobal('navigator', { storage: { persisted: vi.fn().mockResolvedValue(false), persist } });
    expect(await requestPersistentStorage()).toBe(true);
    expect(persist).toHaveBeenCalledTimes(1);
  });

  it('does not ask again when storage is already persistent', async () => {
    const persist = vi.fn();
    vi.stubGlobal('navigator', { storage: { persisted: vi.fn().mockResolvedValue(true), persist } });
    expect(await requestPersistentStorage()).toBe(true);
    expect(persist).not.toHaveBeenCalled();
  });

  it('is false when refused, failing or not supported', async () => {
    vi.stubGlobal('navigator', { storage: { persisted: vi.fn().mockResolvedValue(false), persist: vi.fn().mockResolvedValue(false) } });
    expect(await requestPersistentStorage()).toBe(false);
    vi.stubGlobal('navigator', { storage: { persist: vi.fn().mockRejectedValue(new Error('no')) } });
    expect(await requestPersistentStorage()).toBe(false);
    vi.stubGlobal('navigator', {});
    expect(await requestPersistentStorage()).toBe(false);
  });
});

describe('registerServiceWorker', () => {
  it('registers nothing outside production builds', () => {
    const register = vi.fn();
    vi.stubGlobal('navigator', { serviceWorker: { register } });
    registerServiceWorker();
    expect(register).not.toHaveBeenCalled();
  });
});
