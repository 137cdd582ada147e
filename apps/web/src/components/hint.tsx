import {
  cloneElement,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
  useId,
  useState,
} from 'react';
import classes from './hint.module.css';

interface HintTarget {
  'aria-describedby'?: string;
  onPointerEnter?: (e: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (e: PointerEvent<HTMLElement>) => void;
  onFocus?: (e: FocusEvent<HTMLElement>) => void;
  onBlur?: (e: FocusEvent<HTMLElement>) => void;
  onKeyDown?: (e: KeyboardEvent<HTMLElement>) => void;
}

function focusVisible(el: Element): boolean {
  try {
    return el.matches(':focus-visible');
  } catch {
    return true;
  }
}

/**
 * A one-line label above a control, shown while a mouse is over it or the keyboard focus is on it
 * (role="tooltip", linked by aria-describedby; Escape hides it). For the icon buttons of a page's
 * first screen: Mantine's Tooltip computes its position with the positioning library of the
 * "overlays" chunk, ~50 KB a phone would download and run for a label nobody has asked to see.
 */
export function Hint({ label, children }: { label: string; children: ReactElement<HintTarget> }) {
  const [shown, setShown] = useState(false);
  const id = useId();
  const own = children.props;
  return (
    <span className={classes.root}>
      {cloneElement(children, {
        'aria-describedby': shown ? id : own['aria-describedby'],
        onPointerEnter: (e) => {
          own.onPointerEnter?.(e);
          if (e.pointerType === 'mouse') setShown(true);
        },
        onPointerLeave: (e) => {
          own.onPointerLeave?.(e);
          setShown(false);
        },
        onFocus: (e) => {
          own.onFocus?.(e);
          setShown(focusVisible(e.currentTarget));
        },
        onBlur: (e) => {
          own.onBlur?.(e);
          setShown(false);
        },
        onKeyDown: (e) => {
          own.onKeyDown?.(e);
          if (e.key === 'Escape') setShown(false);
        },
      })}
      {shown ? (
        <span role="tooltip" id={id} className={classes.label}>
          {label}
        </span>
      ) : null}
    </span>
  );
}
