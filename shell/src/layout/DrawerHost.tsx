/**
 * The drawers (SPEC.md sections 2 and 4): the nav drawer slides in from the left, the basket
 * drawer and the instant quote panel from the right. There is one drawer slot in the UI store, so
 * they are mutually exclusive. Page scroll is locked while any is open; a new page closes them; the
 * nav drawer also closes when the window grows to the desktop layout, where it does not exist.
 */
import { useEffect, useRef } from 'react';
import { observer } from 'mobx-react-lite';
import { useLocation } from 'react-router-dom';
import { RemoteSlot, basketStore, uiStore, type DrawerName } from '@copytech/shared';
import { Drawer } from './Drawer';
import { MobileNav } from './MobileNav';
import { DESKTOP_MEDIA_QUERY, DRAWER_ELEMENT_IDS } from './navigation';
import { usePageScrollLock } from './pageScrollLock';

/** Closing goes through each owner's action, so the basket's instant mode ends with its panel. */
function closeDrawer(name: DrawerName): void {
  if (name === 'basket') basketStore.close();
  else if (name === 'instant-quote') basketStore.stopInstantMode();
  else uiStore.closeDrawer();
}

const REMOTE_DRAWER_MIN_HEIGHT = 320;

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
  if (drawer === 'nav') {
    return (
      <Drawer key="nav" id={DRAWER_ELEMENT_IDS.nav} title="Menu" side="left" onClose={() => closeDrawer('nav')}>
        <MobileNav />
      </Drawer>
    );
  }
  if (drawer === 'basket') {
    return (
      <Drawer key="basket" id={DRAWER_ELEMENT_IDS.basket} title="Comparison basket" titleHidden side="right" size="wide" onClose={() => closeDrawer('basket')}>
        <RemoteSlot id="basket/BasketDrawer" props={{}} label="The comparison basket" minHeight={REMOTE_DRAWER_MIN_HEIGHT} compact />
      </Drawer>
    );
  }
  if (drawer === 'instant-quote') {
    return (
      <Drawer
        key="instant-quote"
        id={DRAWER_ELEMENT_IDS['instant-quote']}
        title="Instant quote"
        titleHidden
        side="right"
        onClose={() => closeDrawer('instant-quote')}
      >
        <RemoteSlot id="basket/InstantQuote" props={{}} label="The instant quote form" minHeight={REMOTE_DRAWER_MIN_HEIGHT} compact />
      </Drawer>
    );
  }
  return null;
});
