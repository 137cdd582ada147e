import { MSG, SESSION } from '@agora/shared';
import { Button, Group, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuthConfig } from '../../features/auth/api/get-auth-config';
import { fetchSessionUser, keepaliveRequest, useKeepalive } from '../../features/auth/api/session';
import { ApiError } from '../../lib/api-client';
import { clearSession, getAuth, updateStoredUser } from '../../lib/auth-store';
import { formatCountdown, IdleTimer, LAST_ACTIVITY_KEY } from './idle-timer';
import { logout } from './session-actions';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart', 'wheel'] as const;

export interface IdleSessionState {
  warning: boolean;
  secondsLeft: number;
  /** Restarts the idle clock and closes the warning (after the server session was kept alive). */
  extend: () => void;
}

/**
 * spec 01 §4 inactivity: a warning SESSION.warningBeforeMs before the timeout, the countdown
 * refreshed every second, activity resetting the timer, expiry calling onExpire. While the user is
 * active the server session is kept alive too (it has the same idle timeout).
 */
export function useIdleSession(timeoutMinutes: number, onExpire: () => void): IdleSessionState {
  const timeoutMs = timeoutMinutes * 60_000;
  const timer = useRef<IdleTimer | null>(null);
  timer.current ??= new IdleTimer({ timeoutMs, warningMs: SESSION.warningBeforeMs });
  const [state, setState] = useState({ warning: false, secondsLeft: 0 });
  const expireRef = useRef(onExpire);
  expireRef.current = onExpire;

  useEffect(() => {
    const t = timer.current!;
    t.setTimeout(timeoutMs);
    // Server keepalive while active: often enough that the server's idle clock never runs out first.
    const keepaliveEveryMs = Math.min(60_000, timeoutMs / 3);
    let lastKeepalive = Date.now();
    let lastEvent = 0;

    const tick = () => {
      const phase = t.phase();
      if (phase === 'expired') {
        expireRef.current();
        return;
      }
      const warning = phase === 'warning';
      const secondsLeft = warning ? t.secondsLeft() : 0;
      setState((s) =>
        s.warning === warning && s.secondsLeft === secondsLeft ? s : { warning, secondsLeft },
      );
    };
    const onActivity = () => {
      const now = Date.now();
      if (now - lastEvent < 1000) return; // mousemove fires dozens of times a second
      lastEvent = now;
      t.activity();
      if (t.phase() === 'active' && now - lastKeepalive >= keepaliveEveryMs) {
        lastKeepalive = now;
        void keepaliveRequest().catch(() => {});
      }
    };
    const onStorage = (e: StorageEvent) => {
      if (e.key === LAST_ACTIVITY_KEY) tick();
    };
    for (const ev of ACTIVITY_EVENTS) window.addEventListener(ev, onActivity, { passive: true });
    window.addEventListener('storage', onStorage);
    const id = window.setInterval(tick, 1000);
    tick();
    return () => {
      for (const ev of ACTIVITY_EVENTS) window.removeEventListener(ev, onActivity);
      window.removeEventListener('storage', onStorage);
      window.clearInterval(id);
    };
  }, [timeoutMs]);

  const extend = () => {
    timer.current!.extend();
    setState({ warning: false, secondsLeft: 0 });
  };
  return { ...state, extend };
}

/**
 * Mounted only while signed in. Checks the stored session once against the server (a revoked or
 * idle token silently becomes signed out; a changed name or role is picked up), then watches
 * inactivity and shows the warning dialog.
 */
export default function SessionTimeout() {
  const navigate = useNavigate();
  const { data: config } = useAuthConfig();
  const minutes = config?.sessionIdleMinutes ?? SESSION.idleMinutesDefault;
  const keepalive = useKeepalive();

  useEffect(() => {
    let cancelled = false;
    fetchSessionUser()
      .then(({ user }) => {
        if (!cancelled && JSON.stringify(user) !== JSON.stringify(getAuth().user)) updateStoredUser(user);
      })
      .catch((err) => {
        if (!cancelled && err instanceof ApiError && err.status === 401) clearSession();
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const expire = () => {
    void logout(navigate);
    notifications.show({ title: 'Logged out', message: MSG.sessionExpired, color: 'blue' });
  };
  const { warning, secondsLeft, extend } = useIdleSession(minutes, expire);

  // A failure: a 401 has already cleared the session (api client); anything else: the timer keeps running.
  const onStay = () => keepalive.mutate(undefined, { onSuccess: extend });

  return (
    <Modal
      opened={warning}
      onClose={onStay}
      title="Session Timeout Warning"
      centered
      closeOnClickOutside={false}
      withCloseButton={false}
    >
      <Text size="sm">You have been inactive for a while. For your security you will be logged out in</Text>
      <Text fz={32} fw={700} ta="center" my="sm" role="timer" aria-live="off" data-testid="session-countdown">
        {formatCountdown(secondsLeft)}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => void logout(navigate)}>
          Logout Now
        </Button>
        <Button onClick={onStay} loading={keepalive.isPending} data-autofocus>
          Stay Logged In
        </Button>
      </Group>
    </Modal>
  );
}
