/**
 * The shell's small inline SVG icons. All are decorative (aria-hidden): the text beside each one
 * says what it means.
 */
import type { Printing } from './navigation';
import styles from './icons.module.css';

export interface IconProps {
  className?: string;
}

export function classes(...names: Array<string | undefined>): string {
  return names.filter(Boolean).join(' ');
}

/** Colour printing: three overlapping cyan, magenta and yellow drops; mono: one dark drop. */
export function PrintingIcon({ printing, className }: IconProps & { printing: Printing }) {
  if (printing === 'colour') {
    return (
      <svg
        className={classes(styles.icon, styles.printing, className)}
        viewBox="0 0 20 20"
        aria-hidden="true"
        focusable="false"
        data-icon="colour"
      >
        <circle cx="7" cy="8" r="4.5" fill="#0e9fc0" />
        <circle cx="13" cy="8" r="4.5" fill="#c2189b" fillOpacity="0.85" />
        <circle cx="10" cy="13" r="4.5" fill="#e0a800" fillOpacity="0.85" />
      </svg>
    );
  }
  return (
    <svg
      className={classes(styles.icon, styles.printing, className)}
      viewBox="0 0 20 20"
      aria-hidden="true"
      focusable="false"
      data-icon="mono"
    >
      <path d="M10 2.5c3 4 5 6.6 5 9a5 5 0 0 1-10 0c0-2.4 2-5 5-9z" fill="var(--colour-mono-icon)" />
    </svg>
  );
}

export function ChevronIcon({ className }: IconProps) {
  return (
    <svg className={classes(styles.icon, styles.chevron, className)} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path d="M5 7.5l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function PhoneIcon({ className }: IconProps) {
  return (
    <svg className={classes(styles.icon, className)} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path
        d="M6.6 2.8l2 3.2c.3.5.2 1.1-.2 1.5l-1.2 1.1a10.5 10.5 0 0 0 4.2 4.2l1.1-1.2c.4-.4 1-.5 1.5-.2l3.2 2c.5.3.7.9.5 1.5l-.6 1.6c-.3.8-1.1 1.3-2 1.2C8.9 17.2 2.8 11.1 2.3 4.9c-.1-.9.4-1.7 1.2-2l1.6-.6c.6-.2 1.2 0 1.5.5z"
        fill="currentColor"
      />
    </svg>
  );
}

export function BasketIcon({ className }: IconProps) {
  return (
    <svg className={classes(styles.icon, className)} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M3 9h18l-1.6 9.2a2 2 0 0 1-2 1.8H6.6a2 2 0 0 1-2-1.8L3 9zm4.5 0L10 4m6.5 5L14 4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M9 13v3m3-3v3m3-3v3" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export function MenuIcon({ className }: IconProps) {
  return (
    <svg className={classes(styles.icon, className)} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** The Copytech wordmark: a stack of sheets and the name. Decorative: its link carries the name. */
export function CopytechWordmark({ className }: IconProps) {
  return (
    <svg className={classes(styles.wordmark, className)} viewBox="0 0 168 36" aria-hidden="true" focusable="false">
      <rect x="2" y="9" width="20" height="24" rx="3" fill="var(--colour-accent)" />
      <rect x="8" y="3" width="20" height="24" rx="3" fill="var(--colour-brand)" />
      <path d="M12.5 10.5h11M12.5 15h11M12.5 19.5h7" stroke="var(--colour-on-brand)" strokeWidth="2" strokeLinecap="round" />
      <text x="36" y="26" fill="var(--colour-brand)" fontFamily="var(--font-body)" fontSize="24" fontWeight="700" letterSpacing="-0.5">
        Copytech
      </text>
    </svg>
  );
}

export function SearchIcon({ className }: IconProps) {
  return (
    <svg className={classes(styles.icon, className)} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M10.5 4a6.5 6.5 0 1 1 0 13 6.5 6.5 0 0 1 0-13zm4.7 11.2L20 20"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}
