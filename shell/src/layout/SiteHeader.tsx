import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { basketStore } from '@copytech/shared';

export const SiteHeader = observer(function SiteHeader() {
  return (
    <header>
      <nav aria-label="Main">
        <Link to="/">Copytech</Link>
      </nav>
      <button type="button" title="Comparison basket" aria-expanded={basketStore.isOpen} onClick={() => basketStore.toggle()}>
        Basket <span data-testid="basket-count">{basketStore.count}</span>
      </button>
    </header>
  );
});
