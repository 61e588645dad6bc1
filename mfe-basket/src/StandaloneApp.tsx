import { StandaloneFrame } from '@copytech/shared';
import BasketDrawer from './exposed/BasketDrawer';

export function StandaloneApp() {
  return (
    <StandaloneFrame remote="basket">
      <BasketDrawer />
    </StandaloneFrame>
  );
}
