/**
 * Which of the header's menus is open, shared by all of them so only one is open at a time. Hover
 * opens at once and leaving closes after the 40 ms debounce (docs/product-rules.md "Navigation"),
 * so moving from one menu to the next never flickers; a click or the keyboard opens and closes at
 * once. Every menu closes when the route changes.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { HOVER_CLOSE_DELAY_MS } from '../navigation';

export interface MenuController {
  openId: string | null;
  open(id: string): void;
  close(): void;
  /** A click on a menu's button: opens it, or closes it if it was already open by click or keyboard. */
  toggle(id: string): void;
  hoverStart(id: string): void;
  hoverEnd(): void;
}

export function useMenuController(): MenuController {
  const [openId, setOpenIdState] = useState<string | null>(null);
  /** The open menu as of the last event, readable synchronously by the next event. */
  const openRef = useRef<string | null>(null);
  /** A menu that hover opened stays open when its button is then clicked (the click "pins" it). */
  const openedByHover = useRef(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { pathname } = useLocation();

  const setOpenId = useCallback((id: string | null, byHover = false) => {
    openRef.current = id;
    openedByHover.current = id !== null && byHover;
    setOpenIdState(id);
  }, []);

  const cancelPendingClose = useCallback(() => {
    if (closeTimer.current !== null) {
      clearTimeout(closeTimer.current);
      closeTimer.current = null;
    }
  }, []);

  const open = useCallback(
    (id: string) => {
      cancelPendingClose();
      setOpenId(id);
    },
    [cancelPendingClose, setOpenId],
  );

  const close = useCallback(() => {
    cancelPendingClose();
    setOpenId(null);
  }, [cancelPendingClose, setOpenId]);

  const toggle = useCallback(
    (id: string) => {
      cancelPendingClose();
      const pinnedOpen = openRef.current === id && !openedByHover.current;
      setOpenId(pinnedOpen ? null : id);
    },
    [cancelPendingClose, setOpenId],
  );

  const hoverStart = useCallback(
    (id: string) => {
      cancelPendingClose();
      // Hovering a menu that is already open (by click or keyboard) leaves it pinned.
      if (openRef.current !== id) setOpenId(id, true);
    },
    [cancelPendingClose, setOpenId],
  );

  const hoverEnd = useCallback(() => {
    cancelPendingClose();
    closeTimer.current = setTimeout(() => {
      closeTimer.current = null;
      setOpenId(null);
    }, HOVER_CLOSE_DELAY_MS);
  }, [cancelPendingClose, setOpenId]);

  // A new page closes every menu.
  useEffect(() => {
    close();
  }, [pathname, close]);

  useEffect(() => cancelPendingClose, [cancelPendingClose]);

  return useMemo(() => ({ openId, open, close, toggle, hoverStart, hoverEnd }), [openId, open, close, toggle, hoverStart, hoverEnd]);
}
