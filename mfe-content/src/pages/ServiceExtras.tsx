/** Around a service page: where it sits (breadcrumb) and the way on to the other services. */
import { SERVICES } from '@copytech/shared/domain';
import { ContentLink } from '../links/ContentLink';
import styles from './ServiceExtras.module.css';

export function ServiceBreadcrumb({ title }: { title: string }) {
  return (
    <nav className={styles.breadcrumb} aria-label="Breadcrumb">
      <ol className={styles.trail}>
        <li>
          <ContentLink href="/">Home</ContentLink>
        </li>
        <li>Services</li>
        <li>
          <span aria-current="page">{title}</span>
        </li>
      </ol>
    </nav>
  );
}

export function MoreServices({ current }: { current: string }) {
  const others = SERVICES.filter((service) => service.slug !== current);
  return (
    <nav className={styles.more} aria-labelledby="more-services-heading">
      <div className={styles.inner}>
        <h2 id="more-services-heading" className={styles.heading}>
          More services
        </h2>
        <ul className={styles.list}>
          {others.map((service) => (
            <li key={service.slug}>
              <ContentLink href={`/services/${service.slug}`} className={styles.link}>
                {service.label}
              </ContentLink>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
