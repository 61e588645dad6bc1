import type { ContentPageProps } from '@copytech/shared';

export default function ContentPage({ slug }: ContentPageProps) {
  return <h1>{slug}</h1>;
}
