/** The drawer chunk (see DrawerHost): the slide-in frame with its focus handling, and the mobile nav. */
export { Drawer } from './Drawer';
export { MobileNav } from '../header/MobileNav';
