import { TEST_MODE_TEXT } from '@agora/shared';
import { useLayoutEffect, useRef } from 'react';
import { usePaymentsMode } from '../../lib/settings';
import classes from './shell.module.css';

/** The CSS variable holding the strip's height: the page reserves that much at its bottom. */
export const TEST_MODE_HEIGHT_VAR = '--agora-test-mode-h';

/**
 * Whenever payments are simulated (PAYMENTS_PROVIDER=sandbox) every page says so, in a slim strip
 * fixed to the bottom of the window. Its measured height (it wraps on a narrow screen or with a
 * large font) is published as TEST_MODE_HEIGHT_VAR, which the spacer,
 * full-height panes and the scroll padding reserve, so no content ends up hidden under it.
 */
export function TestModeBanner() {
  const { data } = usePaymentsMode();
  const bar = useRef<HTMLDivElement>(null);
  const on = Boolean(data?.testMode);
  useLayoutEffect(() => {
    const el = bar.current;
    if (!on || !el) return;
    const root = document.documentElement;
    const publish = (height: number) => {
      const value = `${Math.ceil(height)}px`;
      // A change on the root restyles the whole page: only when the height really changed.
      if (root.style.getPropertyValue(TEST_MODE_HEIGHT_VAR) !== value)
        root.style.setProperty(TEST_MODE_HEIGHT_VAR, value);
    };
    // The observer reports the strip's size once the browser has laid the page out anyway (and on
    // every change after that); measuring it here instead would force a layout of the whole page
    // in the middle of React's commit, ~40 ms on a phone.
    const watch =
      typeof ResizeObserver === 'function'
        ? new ResizeObserver((entries) => {
            const box = entries[entries.length - 1]?.borderBoxSize?.[0];
            publish(box ? box.blockSize : el.getBoundingClientRect().height);
          })
        : null;
    if (watch) watch.observe(el);
    else publish(el.getBoundingClientRect().height);
    return () => {
      watch?.disconnect();
      root.style.removeProperty(TEST_MODE_HEIGHT_VAR);
    };
  }, [on]);
  if (!on) return null;
  return (
    <>
      <div className={classes.testModeSpacer} aria-hidden="true" />
      <div ref={bar} className={classes.testMode} role="status" data-testid="test-mode-banner">
        {TEST_MODE_TEXT.banner}
      </div>
    </>
  );
}
