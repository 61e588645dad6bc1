/**
 * The drawers (docs/product-rules.md "Drawers, modal and scrolling"): the nav drawer slides in from
 * the left, the basket drawer and the instant quote panel from the right. There is one drawer slot
 * in the UI store, so they are mutually exclusive. Page scroll is locked while any is open; a new
 * page closes them; the nav drawer also closes when the window grows to the desktop layout, where
 * it does not exist.
 *
 * The drawer frame and the mobile nav are not in the first load: they are one chunk, fetched when a
 * pointer or focus reaches a button that opens a drawer (see drawerPart.ts) or when a drawer opens.
 */
import { useEffect, useRef } from 'react';
import { observer } from 'mobx-react-lite';
import { useLocation } from 'react-router-dom';
import { RemoteSlot, basketStore, loadExposedForSlot, uiStore, type DrawerName } from '@copytech/shared';
import { useLazyPart } from '../lazyPart';
import { drawerPart } from './drawerPart';
import { OverlayLoadFailure } from './OverlayLoadFailure';
import { DESKTOP_MEDIA_QUERY, DRAWER_ELEMENT_IDS } from '../navigation';
import { usePageScrollLock } from '../a11y/pageScrollLock';

/** Closing goes through each owner's action, so the basket's instant mode ends with its panel. */
function closeDrawer(name: DrawerName): void {
  if (name === 'basket') basketStore.close();
  else if (name === 'instant-quote') basketStore.stopInstantMode();
  else uiStore.closeDrawer();
}

const REMOTE_DRAWER_MIN_HEIGHT = 320;

/** What a right-hand drawer shows: a remote's fragment. */
interface DrawerRemote {
  id: 'basket/BasketDrawer' | 'basket/InstantQuote';
  label: string;
}

interface LazyDrawerProps {
  name: DrawerName;
  title: string;
  titleHidden?: boolean;
  side: 'left' | 'right';
  size?: 'normal' | 'wide';
  /** The remote fragment it holds; without one, the mobile nav (which comes with the drawer chunk). */
  remote?: DrawerRemote;
}

/** One drawer: shown as soon as the drawer chunk is there (at once when it already is). */
function LazyDrawer({ name, remote, ...frame }: LazyDrawerProps) {
  const part = useLazyPart(drawerPart, frame.title);
  const onClose = () => closeDrawer(name);
  const waiting = !part.module;
  // The remote's own load need not wait for the frame: start it now (the slot then finds it cached).
  useEffect(() => {
    if (waiting && remote) loadExposedForSlot(remote.id).catch(() => undefined); // the slot shows a failure
  }, [waiting, remote]);

  if (part.failed) return <OverlayLoadFailure label={`The ${frame.title.toLowerCase()}`} state={part} onClose={onClose} />;
  if (!part.module) return null;
  const { Drawer, MobileNav } = part.module;
  return (
    <Drawer id={DRAWER_ELEMENT_IDS[name]} onClose={onClose} {...frame}>
      {remote ? <RemoteSlot id={remote.id} props={{}} label={remote.label} minHeight={REMOTE_DRAWER_MIN_HEIGHT} compact /> : <MobileNav />}
    </Drawer>
  );
}

const BASKET_REMOTE: DrawerRemote = { id: 'basket/BasketDrawer', label: 'The comparison basket' };
const INSTANT_QUOTE_REMOTE: DrawerRemote = { id: 'basket/InstantQuote', label: 'The instant quote form' };

export const DrawerHost = observer(function DrawerHost() {
  const { pathname } = useLocation();
  usePageScrollLock();

  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (uiStore.drawer) closeDrawer(uiStore.drawer);
  }, [pathname]);

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const desktop = window.matchMedia(DESKTOP_MEDIA_QUERY);
    const onChange = () => {
      if (desktop.matches && uiStore.drawer === 'nav') uiStore.closeDrawer();
    };
    desktop.addEventListener?.('change', onChange);
    return () => desktop.removeEventListener?.('change', onChange);
  }, []);

  const drawer = uiStore.drawer;
  if (drawer === 'nav') return <LazyDrawer key="nav" name="nav" title="Menu" side="left" />;
  if (drawer === 'basket') {
    return <LazyDrawer key="basket" name="basket" title="Comparison basket" titleHidden side="right" size="wide" remote={BASKET_REMOTE} />;
  }
  if (drawer === 'instant-quote') {
    return (
      <LazyDrawer key="instant-quote" name="instant-quote" title="Instant quote" titleHidden side="right" remote={INSTANT_QUOTE_REMOTE} />
    );
  }
  return null;
});
