/** A list page's header: breadcrumbs, heading, intro, the list's highlights and related lists. */
import { Link } from 'react-router-dom';
import type { ListDefinition } from '@copytech/shared/domain';
import { Breadcrumbs } from '../layout/Breadcrumbs';
import styles from './ProductListPage.module.css';

export function ListHeader({ definition }: { definition: ListDefinition }) {
  return (
    <header className={styles.header}>
      <Breadcrumbs crumbs={definition.crumbs} />
      <h1 className={styles.title}>{definition.heading}</h1>
      <p className={styles.intro}>{definition.intro}</p>
      {definition.highlights ? (
        <ul className={styles.highlights}>
          {definition.highlights.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : null}
      {definition.related.length ? (
        <nav aria-label="Related lists" className={styles.related}>
          <ul>
            {definition.related.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={styles.chip}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
