/**
 * The drawer chunk: the drawer frame and the mobile nav (./drawerContents), fetched on demand.
 * The buttons that open a drawer start it early, on the first sign the visitor means to use them.
 */
import type { PointerEvent } from 'react';
import { lazyPart } from '../lazyPart';

export const drawerPart = lazyPart(() => import(/* webpackChunkName: "drawer" */ './drawerContents'));

/**
 * Props for a button that opens a drawer: a pointer coming over it or pressing it, or focus
 * reaching it, starts loading the drawer, so that it is usually there by the time of the click.
 */
export const preloadDrawerProps = {
  onPointerEnter: (event: PointerEvent) => {
    if (event.pointerType !== 'touch') drawerPart.preload();
  },
  onPointerDown: drawerPart.preload,
  onFocus: drawerPart.preload,
};
