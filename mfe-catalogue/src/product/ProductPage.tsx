/**
 * A product page: breadcrumbs, gallery, brand and model, key attributes, 'starting at' price and
 * rental per month with the service prices per page, "Add to basket" and "Instant quote", what it
 * costs a month (./RunningCosts), the overview (productOverview: its description and what its attributes and the terms say), the features table and similar products. Title and meta (docs/product-rules.md "Page head and search engines"), the
 * canonical URL and schema.org data.
 */
import { observer } from 'mobx-react-lite';
import { useLocation } from 'react-router-dom';
import { basketStore, useDocumentMeta, useHydrated } from '@copytech/shared';
import {
  categoryLabel,
  instantQuotePath,
  jsonLdText,
  productDocumentMeta,
  productJsonLd,
  productOverview,
  productPageTitle,
  type Crumb,
  type Product,
} from '@copytech/shared/domain';
import { useTerms } from '@copytech/shared/terms';
import { AddToBasketButton } from '../cards/AddToBasketButton';
import { PriceSummary } from '../cards/PriceSummary';
import { productName } from '../cards/productFacts';
import { Breadcrumbs } from '../layout/Breadcrumbs';
import { Gallery } from './Gallery';
import { featuresBeyondTiles, productTiles } from './productTiles';
import { RunningCosts, ServicePrices } from './RunningCosts';
import { SimilarProducts } from './SimilarProducts';
import styles from './ProductPage.module.css';

const InstantQuoteButton = observer(function InstantQuoteButton({ product }: { product: Product }) {
  return (
    <button type="button" className={styles.quote} onClick={() => basketStore.startInstantQuote(product)}>
      Instant quote
    </button>
  );
});

/**
 * Until the page's scripts run (and without JavaScript), the basket cannot work: the page offers
 * the machine's instant quote as a link to the server's own form (/instant-quote/…), at the
 * volumes of the running-costs form if it was submitted, and no "Add to basket" that would do nothing.
 */
function BuyActions({ product }: { product: Product }) {
  const hydrated = useHydrated();
  const { search } = useLocation();
  if (!hydrated) {
    const volumes = new URLSearchParams(search);
    const query = new URLSearchParams();
    for (const name of ['mono', 'colour']) {
      const value = volumes.get(name);
      if (value !== null) query.set(name, value);
    }
    const href = `${instantQuotePath(product.modelId)}${query.size ? `?${query.toString()}` : ''}`;
    return (
      <div className={styles.actions}>
        <a className={styles.quote} href={href} data-testid="instant-quote-link">
          Instant quote
        </a>
      </div>
    );
  }
  return (
    <div className={styles.actions}>
      <AddToBasketButton product={product} className={styles.add} />
      <InstantQuoteButton product={product} />
    </div>
  );
}

export function ProductPage({ product, crumbs }: { product: Product; crumbs: Crumb[] }) {
  const name = productName(product);
  const terms = useTerms();
  useDocumentMeta(productDocumentMeta(product, terms?.lease ?? null));
  // The Features table adds what the tiles do not say.
  const tiles = productTiles(product);
  const features = featuresBeyondTiles(product, tiles);
  // The machine's own introduction, then what its attributes and the terms say (a lease only where one is offered).
  const overview = productOverview(product, terms);
  // The server puts the product's JSON-LD in the page's head; this copy is for a page reached in the
  // browser, so it is written after hydration (its absolute URLs name the browser's origin).
  const hydrated = useHydrated();

  return (
    <article className={styles.page} data-testid="product-page" data-model-id={product.modelId}>
      {hydrated ? <script type="application/ld+json">{jsonLdText(productJsonLd(product, window.location.origin))}</script> : null}
      <Breadcrumbs crumbs={[...crumbs, { label: name }]} />
      <div className={styles.top}>
        <Gallery product={product} />
        <div className={styles.summary}>
          <p className={styles.brand}>{product.brand}</p>
          <h1 className={styles.title}>{name}</h1>
          <p className={styles.category}>
            {productPageTitle(product).slice(name.length).trim() || categoryLabel(String(product.productCategory))}
          </p>
          <dl className={styles.attributes}>
            {tiles.map((row) => (
              <div key={row.name}>
                <dt>{row.name}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
          </dl>
          <div className={styles.buy}>
            <PriceSummary product={product} large />
            <ServicePrices product={product} />
            <p className={styles.small}>Compare up to five machines in your basket, or get an instant quote for this one by e-mail.</p>
            <BuyActions product={product} />
          </div>
        </div>
      </div>

      <RunningCosts product={product} />

      {overview ? (
        <section className={styles.section} aria-labelledby="overview-heading">
          <h2 id="overview-heading">Overview</h2>
          <p className={styles.description}>{overview}</p>
        </section>
      ) : null}

      {features.length ? (
        <section className={styles.section} aria-labelledby="features-heading">
          <h2 id="features-heading">Features</h2>
          <table className={styles.features}>
            <caption className="visually-hidden">Features of the {name}</caption>
            <tbody>
              {features.map((feature, index) => (
                <tr key={`${feature.featureName}-${index}`}>
                  <th scope="row">{feature.featureName}</th>
                  <td>{feature.featureValue}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}

      <SimilarProducts modelId={product.modelId} />
    </article>
  );
}

/** The page's shape while the product loads, so nothing jumps when it arrives. */
export function ProductPageSkeleton() {
  return (
    <div className={styles.page} aria-busy="true" data-testid="product-page-loading">
      <p role="status" className="visually-hidden">
        Loading product…
      </p>
      <div className={styles.crumbSpace} />
      <div className={styles.top} aria-hidden="true">
        <div className={`${styles.skeleton} ${styles.skeletonImage}`} />
        <div className={styles.summary}>
          <div className={`${styles.skeleton} ${styles.skeletonLine}`} />
          <div className={`${styles.skeleton} ${styles.skeletonTitle}`} />
          <div className={`${styles.skeleton} ${styles.skeletonBlock}`} />
        </div>
      </div>
    </div>
  );
}
