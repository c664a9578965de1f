import { lazyDialog } from '../../../lib/lazy-dialog';

/** Add Funds, its code downloaded when first opened (lib/lazy-dialog.tsx). */
export const AddFundsDialog = lazyDialog(() => import('./add-funds-modal'), 'AddFundsModal', 'Add Funds');
