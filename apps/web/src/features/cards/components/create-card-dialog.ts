import { lazyDialog } from '../../../lib/lazy-dialog';

/** Create Card, its code downloaded when first opened (lib/lazy-dialog.tsx). */
export const CreateCardDialog = lazyDialog(() => import('./create-card-modal'), 'CreateCardModal', 'Create a new card');
