import { PRODUCT_NAME } from '@coincard/shared';
import { useDocumentTitle } from '@mantine/hooks';

export function usePageTitle(title: string): void {
  useDocumentTitle(`${title} · ${PRODUCT_NAME}`);
}
