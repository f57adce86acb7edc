import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshInBackground } from './refreshInBackground';

describe('refreshInBackground', () => {
  it('lets a mutation finish while a slow list is read again', async () => {
    const queryClient = new QueryClient();
    let reads = 0;
    // A list on screen whose second read takes far longer than the test waits.
    const observer = new QueryObserver(queryClient, {
      queryKey: ['users', 'list'],
      queryFn: () => (++reads === 1 ? Promise.resolve([]) : new Promise<never>(() => undefined)),
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await expect.poll(() => observer.getCurrentResult().isSuccess).toBe(true);

    const onSuccess = async () => {
      void refreshInBackground(queryClient, ['users']);
    };
    const finished = await Promise.race([onSuccess().then(() => 'finished'), new Promise((r) => setTimeout(() => r('held'), 300))]);
    expect(finished).toBe('finished');
    await expect.poll(() => reads).toBe(2);
    expect(queryClient.getQueryState(['users', 'list'])?.fetchStatus).toBe('fetching');
    unsubscribe();
    queryClient.clear();
  });
});
