import { beforeEach, describe, expect, it } from 'vitest';
import { clearSession, setSession, updateStoredUser } from './auth-store';
import { invalidateInOtherWindows, queryClient } from './query-client';

const user = (id: string) => ({
  id,
  _id: id,
  name: 'Asha Rao',
  displayName: 'Asha',
  email: `${id}@example.com`,
  role: 'user' as const,
  status: 'active' as const,
  createdAt: new Date().toISOString(),
});

const key = ['ideas', 'detail', 'i1'];

describe('query cache and the signed-in person', () => {
  beforeEach(() => {
    localStorage.clear();
    clearSession();
    queryClient.clear();
  });

  it('drops what a visitor saw once someone signs in (a visitor copy says liked: false)', () => {
    queryClient.setQueryData(key, { liked: false });
    setSession('tok', user('u1'));
    expect(queryClient.getQueryData(key)).toBeUndefined();
  });

  it('drops the previous person’s data when another account signs in or on sign-out', () => {
    setSession('tok', user('u1'));
    queryClient.setQueryData(key, { liked: true });
    setSession('tok2', user('u2'));
    expect(queryClient.getQueryData(key)).toBeUndefined();

    queryClient.setQueryData(key, { liked: true });
    clearSession();
    expect(queryClient.getQueryData(key)).toBeUndefined();
  });

  it('keeps the cache when only the stored profile of the same person changes', () => {
    setSession('tok', user('u1'));
    queryClient.setQueryData(key, { liked: true });
    updateStoredUser({ ...user('u1'), displayName: 'Asha R' });
    expect(queryClient.getQueryData(key)).toEqual({ liked: true });
  });

  it('reacts to a sign-in in another tab', () => {
    queryClient.setQueryData(key, { liked: false });
    localStorage.setItem('token', 'tok');
    localStorage.setItem('user', JSON.stringify(user('u3')));
    window.dispatchEvent(new StorageEvent('storage', { key: 'user' }));
    expect(queryClient.getQueryData(key)).toBeUndefined();
  });
});

describe('query cache across windows of the app', () => {
  it('invalidates what another window announces, and announces to the others', async () => {
    expect(typeof BroadcastChannel).toBe('function');
    const other = new BroadcastChannel('agora-queries');
    try {
      queryClient.setQueryData(['questions', 'public', 'x'], ['old']);
      queryClient.setQueryData(['ideas', 'x'], ['kept']);
      other.postMessage({ invalidate: ['questions'] });
      await expect
        .poll(() => queryClient.getQueryState(['questions', 'public', 'x'])?.isInvalidated)
        .toBe(true);
      expect(queryClient.getQueryState(['ideas', 'x'])?.isInvalidated).toBe(false);

      const heard = new Promise((resolve) => other.addEventListener('message', (e) => resolve(e.data)));
      invalidateInOtherWindows(['questions']);
      expect(await heard).toEqual({ invalidate: ['questions'] });
    } finally {
      other.close();
    }
  });
});
