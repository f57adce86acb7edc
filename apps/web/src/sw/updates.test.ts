import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { applyUpdate, resetUpdates, updateState, UPDATE_CHECK_MS, watchUpdates, type TUpdateEnv } from './updates';

/** The parts of the browser's service worker objects updates.ts uses, as event targets. */
class FakeWorker extends EventTarget {
  messages: unknown[] = [];
  constructor(public state: string) {
    super();
  }
  postMessage(message: unknown) {
    this.messages.push(message);
  }
  become(state: string) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
  update = vi.fn(() => Promise.resolve(this));
  /** The browser found a new sw.js: it installs next to the running one. */
  found() {
    this.installing = new FakeWorker('installing');
    this.dispatchEvent(new Event('updatefound'));
    return this.installing;
  }
}

class FakeContainer extends EventTarget {
  constructor(public controller: FakeWorker | null) {
    super();
  }
  takeOver(worker: FakeWorker) {
    this.controller = worker;
    this.dispatchEvent(new Event('controllerchange'));
  }
}

function setUp({ controlled = true, waiting = false } = {}) {
  const registration = new FakeRegistration();
  if (waiting) registration.waiting = new FakeWorker('installed');
  const container = new FakeContainer(controlled ? new FakeWorker('activated') : null);
  const online: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const env: TUpdateEnv & { reload: Mock<() => void> } = {
    reload: vi.fn<() => void>(),
    addEventListener: (_type, listener) => void online.push(listener),
    setInterval: (handler, ms) => {
      expect(ms).toBe(UPDATE_CHECK_MS);
      timers.push(handler);
    },
    isOnline: () => true,
  };
  watchUpdates(registration as unknown as ServiceWorkerRegistration, container as unknown as ServiceWorkerContainer, env);
  return { registration, container, env, online, timers };
}

afterEach(() => resetUpdates());

describe('app updates', () => {
  it('offers a release once it is installed, and applies it only when asked: SKIP_WAITING, then a reload when it takes over', () => {
    const { registration, container, env } = setUp();
    const next = registration.found();
    expect(updateState()).toBe('none');
    next.become('installed');
    expect(updateState()).toBe('waiting');
    expect(env.reload).not.toHaveBeenCalled();

    applyUpdate(env);
    expect(next.messages).toEqual([{ type: 'SKIP_WAITING' }]);
    expect(env.reload).not.toHaveBeenCalled();
    container.takeOver(next);
    expect(env.reload).toHaveBeenCalledTimes(1);
  });

  it('offers a release already waiting when the page opens', () => {
    setUp({ waiting: true });
    expect(updateState()).toBe('waiting');
  });

  it('offers nothing on the first install, whose worker takes control of the page once', () => {
    const { registration, container, env } = setUp({ controlled: false });
    const first = registration.found();
    first.become('installed');
    expect(updateState()).toBe('none');
    container.takeOver(first);
    expect(updateState()).toBe('none');
    expect(env.reload).not.toHaveBeenCalled();
  });

  it('says so when another tab applied the release, and reloads only when asked', () => {
    const { registration, container, env } = setUp();
    const next = registration.found();
    next.become('installed');
    container.takeOver(next);
    expect(updateState()).toBe('elsewhere');
    expect(env.reload).not.toHaveBeenCalled();
    applyUpdate(env);
    expect(env.reload).toHaveBeenCalledTimes(1);
  });

  it('withdraws the offer when a newer release replaces the waiting one', () => {
    const { registration } = setUp();
    const next = registration.found();
    next.become('installed');
    next.become('redundant');
    expect(updateState()).toBe('none');
  });

  it('looks for a new release when the network returns and periodically', () => {
    const { registration, online, timers } = setUp();
    online.forEach((listener) => listener());
    timers.forEach((tick) => tick());
    expect(registration.update).toHaveBeenCalledTimes(2);
  });
});
