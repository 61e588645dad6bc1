import type { ContentPageProps } from '@copytech/shared';
import { CONTENT_RELEASE } from '../release';

export default function ContentPage({ slug }: ContentPageProps) {
  return (
    <div data-release={CONTENT_RELEASE}>
      <h1>{slug}</h1>
    </div>
  );
}
