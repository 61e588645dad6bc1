/**
 * The close button's icon of the drawers and the modal. Apart from ./icons so that it comes with
 * their chunks rather than the first load (a module in the first load carries every export any
 * chunk uses).
 */
import { classes, type IconProps } from '../icons';
import styles from '../icons.module.css';

export function CloseIcon({ className }: IconProps) {
  return (
    <svg className={classes(styles.icon, className)} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
