import { useDisclosure } from '@mantine/hooks';
import { useParams } from 'react-router';
import { CardDetails } from '../../features/cards/components/card-details';
import { AddFundsDialog } from '../../features/deposits/components/add-funds-dialog';
import { usePageTitle } from '../../lib/use-page-title';

/** The card page, with Add Money (deposits feature) at hand for a card frozen over an unpaid fee. */
export function CardDetailsRoute() {
  usePageTitle('Card details');
  const { id = '' } = useParams();
  const [isAddFundsOpen, addFunds] = useDisclosure(false);
  return (
    <>
      {/* Keyed by card: switching cards starts fresh (secrets hidden, history on page 1). */}
      <CardDetails key={id} cardId={id} onAddMoney={addFunds.open} />
      <AddFundsDialog opened={isAddFundsOpen} onClose={addFunds.close} />
    </>
  );
}
