import { Link } from 'react-router';
import classes from './shell.module.css';

/**
 * The Agora mark; its colour is the path's brand colour (spec 01 §2). `compact`: under 480 px only
 * the mark shows (the word gives its room to the idea search box beside it).
 */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <Link to="/" className={classes.logo} aria-label="Agora home" data-compact={compact || undefined}>
      <svg width="34" height="34" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill="currentColor" />
        <path d="M18 46 32 16l14 30h-7l-7-16-7 16z" fill="#fff" />
      </svg>
      <span className={classes.logoWord}>Agora</span>
    </Link>
  );
}
