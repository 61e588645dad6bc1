/**
 * One header menu in the disclosure pattern: a button with aria-expanded and aria-controls that
 * shows or hides a panel of links. Hover opens it (mouse and pen, not touch); Escape closes it and
 * returns focus to the button; tabbing out of it, clicking elsewhere or following a link closes it.
 */
import { useEffect, useId, useRef, type FocusEvent, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import type { MenuController } from './useMenuController';
import { ChevronIcon } from '../icons';
import styles from './DisclosureMenu.module.css';

export interface DisclosureMenuProps {
  id: string;
  label: string;
  controller: MenuController;
  /** 'mega' spans the header's width; 'dropdown' hangs under its button. */
  variant: 'mega' | 'dropdown';
  children: ReactNode;
}

export function DisclosureMenu({ id, label, controller, variant, children }: DisclosureMenuProps) {
  const open = controller.openId === id;
  const panelId = `${useId()}-${id}-menu`;
  const itemRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // A click or tap anywhere outside the open menu closes it.
  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: Event) => {
      if (!itemRef.current?.contains(event.target as Node)) controller.close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('mousedown', onPointerDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('mousedown', onPointerDown);
    };
  }, [open, controller]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      controller.close();
      buttonRef.current?.focus();
    }
  };

  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (open && next && !itemRef.current?.contains(next)) controller.close();
  };

  const isTouch = (event: PointerEvent) => event.pointerType === 'touch';

  return (
    <li
      ref={itemRef}
      className={variant === 'mega' ? `${styles.item} ${styles.megaItem}` : styles.item}
      onPointerEnter={(event) => {
        if (!isTouch(event)) controller.hoverStart(id);
      }}
      onPointerLeave={(event) => {
        if (!isTouch(event)) controller.hoverEnd();
      }}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => controller.toggle(id)}
      >
        {label}
        <ChevronIcon className={open ? `${styles.chevron} ${styles.chevronOpen}` : styles.chevron} />
      </button>
      <div
        id={panelId}
        className={variant === 'mega' ? `${styles.panel} ${styles.mega}` : `${styles.panel} ${styles.dropdown}`}
        hidden={!open}
        // A link followed inside the panel closes it, even when it leads to the page already shown.
        onClick={(event) => {
          if ((event.target as HTMLElement).closest('a')) controller.close();
        }}
      >
        {children}
      </div>
    </li>
  );
}
