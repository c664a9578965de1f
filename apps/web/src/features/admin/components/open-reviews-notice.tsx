import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { IconClipboardCheck } from '../../../icons/IconClipboardCheck';

const count = new Intl.NumberFormat('en-US');

/** The dashboard's pointer to the review queue, shown while anything waits there. */
export function OpenReviewsNotice({ openReviews }: { openReviews: number }) {
  if (openReviews <= 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      radius="lg"
      icon={<IconClipboardCheck size={20} aria-hidden />}
      title={`${count.format(openReviews)} ${openReviews === 1 ? 'review waits' : 'reviews wait'} for a person`}
    >
      <Text size="sm">
        Provider answers or balances disagree with our records.{' '}
        <Anchor component={Link} to="/reviews" inherit fw={600}>
          Open the review queue
        </Anchor>
      </Text>
    </Alert>
  );
}
