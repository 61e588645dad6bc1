/**
 * The typeahead's popup: a listbox with a group of machines, a group of lists and pages, and the
 * "See all results" option; and the polite live region that says how many were found. Options are
 * chosen with the pointer too (the box keeps the focus: a press does not blur it).
 */
import { categoryLabel, formatPence, productImageUrl, startingFromPence, type Product, type SearchPageHit } from '@copytech/shared/domain';
import { PAGE_HIT_KINDS } from './searchAnswer';
import styles from './SiteSearch.module.css';

export type Option =
  | { kind: 'machine'; path: string; product: Product }
  | { kind: 'page'; path: string; hit: SearchPageHit }
  | { kind: 'all'; path: string; query: string };

interface SuggestionListProps {
  listboxId: string;
  optionId: (index: number) => string;
  idPrefix: string;
  expanded: boolean;
  options: Option[];
  active: number;
  busy: boolean;
  announcement: string;
  onChoose: (index: number) => void;
  onHover: (index: number) => void;
}

function MachineOption({ product }: { product: Product }) {
  const price = formatPence(startingFromPence(product));
  return (
    <>
      <img className={styles.thumb} src={productImageUrl(product, 'x135')} alt="" width={44} height={44} loading="lazy" decoding="async" />
      <span className={styles.text}>
        <span className={styles.name}>
          <span className={styles.brand}>{product.brand}</span> {product.model}
        </span>{' '}
        <span className={styles.meta}>
          {categoryLabel(String(product.productCategory))}
          {price ? ` · Starting at ${price} ex VAT` : ' · Price on request'}
        </span>
      </span>
    </>
  );
}

function OptionBody({ option }: { option: Option }) {
  if (option.kind === 'machine') return <MachineOption product={option.product} />;
  if (option.kind === 'page')
    return (
      <span className={styles.text}>
        <span className={styles.name}>{option.hit.title}</span>{' '}
        <span className={styles.meta}>{PAGE_HIT_KINDS[option.hit.kind] ?? 'Page'}</span>
      </span>
    );
  return (
    <span className={styles.all}>
      See all results for “{option.query}”<span aria-hidden="true"> →</span>
    </span>
  );
}

export function SuggestionList(props: SuggestionListProps) {
  const { listboxId, optionId, idPrefix, expanded, options, active, busy, announcement, onChoose, onHover } = props;
  const option = (entry: Option, index: number, Tag: 'li' | 'div' = 'li') => (
    <Tag
      key={`${entry.kind} ${entry.path}`}
      id={optionId(index)}
      role="option"
      aria-selected={index === active}
      className={index === active ? `${styles.option} ${styles.active}` : styles.option}
      data-kind={entry.kind}
      onMouseDown={(event) => event.preventDefault()}
      onMouseMove={() => index !== active && onHover(index)}
      onClick={() => onChoose(index)}
    >
      <OptionBody option={entry} />
    </Tag>
  );
  const indexed = options.map((entry, index) => ({ entry, index }));
  const group = (kind: Option['kind'], label: string) => {
    const members = indexed.filter(({ entry }) => entry.kind === kind);
    if (members.length === 0) return null;
    return (
      <ul role="group" aria-labelledby={`${idPrefix}-${kind}`} className={styles.group}>
        <li role="presentation" id={`${idPrefix}-${kind}`} className={styles.groupLabel}>
          {label}
        </li>
        {members.map(({ entry, index }) => option(entry, index))}
      </ul>
    );
  };
  const all = indexed.find(({ entry }) => entry.kind === 'all');
  return (
    <>
      <div role="status" aria-live="polite" className="visually-hidden" data-testid="search-announcement">
        {announcement}
      </div>
      <div
        id={listboxId}
        role="listbox"
        aria-label="Search suggestions"
        aria-busy={busy || undefined}
        className={styles.listbox}
        hidden={!expanded}
        data-testid="search-suggestions"
      >
        {group('machine', 'Machines')}
        {group('page', 'Lists and pages')}
        {all ? option(all.entry, all.index, 'div') : null}
      </div>
    </>
  );
}
