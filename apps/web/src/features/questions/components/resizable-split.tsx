import { Box } from '@mantine/core';
import {
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useCallback,
  useRef,
  useState,
} from 'react';
import classes from './resizable-split.module.css';

const MIN = 30;
const MAX = 80;
export const DEFAULT_PANEL_PERCENT = 66.67;
const STORAGE_KEY = 'questions.panelPercent';

const clamp = (v: number) => Math.min(MAX, Math.max(MIN, v));

function initial(): number {
  const saved = Number(localStorage.getItem(STORAGE_KEY));
  return Number.isFinite(saved) && saved >= MIN && saved <= MAX ? saved : DEFAULT_PANEL_PERCENT;
}

/**
 * spec 01 §2/§9: a right panel resizable between 30 % and 80 % of the width (default 66.67 %).
 * The handle is a focusable separator: drag it, or use the arrow keys (Home/End for the limits).
 */
export function ResizableSplit({
  left,
  right,
  height,
}: {
  left: ReactNode;
  right: ReactNode;
  height: string;
}) {
  const [percent, setPercent] = useState(initial);
  const box = useRef<HTMLDivElement>(null);
  const set = useCallback((v: number) => {
    const next = Math.round(clamp(v) * 100) / 100;
    setPercent(next);
    localStorage.setItem(STORAGE_KEY, String(next));
  }, []);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.preventDefault();
    const el = box.current;
    if (!el) return;
    const handle = e.currentTarget;
    handle.setPointerCapture(e.pointerId);
    const move = (ev: globalThis.PointerEvent) => {
      const r = el.getBoundingClientRect();
      set(((r.right - ev.clientX) / r.width) * 100);
    };
    const up = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', up);
      handle.removeEventListener('pointercancel', up);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', up);
    handle.addEventListener('pointercancel', up);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? 10 : 2;
    if (e.key === 'ArrowLeft') set(percent + step);
    else if (e.key === 'ArrowRight') set(percent - step);
    else if (e.key === 'Home') set(MAX);
    else if (e.key === 'End') set(MIN);
    else return;
    e.preventDefault();
  };

  return (
    <Box
      ref={box}
      className={classes.split}
      h={height}
      // The panel's share of the width is state (dragged, keyed, saved): one variable for the stylesheet.
      style={{ '--panel': `${percent}%` } as CSSProperties}
      data-testid="split"
    >
      <Box className={`${classes.pane} ${classes.left}`}>{left}</Box>
      {/* biome-ignore lint/a11y/useSemanticElements: a focusable window splitter (WAI-ARIA) is not an <hr> */}
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label="Resize question panel"
        aria-valuemin={MIN}
        aria-valuemax={MAX}
        aria-valuenow={percent}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onKeyDown={onKeyDown}
        onDoubleClick={() => set(DEFAULT_PANEL_PERCENT)}
        className={classes.handle}
      >
        <Box w={4} h={48} bg="gray.4" className={classes.grip} />
      </div>
      <Box data-testid="question-panel" data-width={percent} className={`${classes.pane} ${classes.right}`}>
        {right}
      </Box>
    </Box>
  );
}
