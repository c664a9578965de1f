import { Badge } from '@mantine/core';
import { IconArrowDownRight } from '../../../icons/IconArrowDownRight';
import { IconArrowRight } from '../../../icons/IconArrowRight';
import { IconArrowUpRight } from '../../../icons/IconArrowUpRight';
import { semanticColors } from '../../../theme';

type Trend = 'up' | 'down' | 'flat';

export function trendOf(growth: number): Trend {
  if (growth > 0) return 'up';
  if (growth < 0) return 'down';
  return 'flat';
}

/** "+12.5%", "−3.2%", "0.0%": the sign always written, one decimal, as the server computes it. */
export function formatGrowth(growth: number): string {
  const size = `${Math.abs(growth).toFixed(1)}%`;
  if (growth > 0) return `+${size}`;
  if (growth < 0) return `−${size}`;
  return size;
}

const LOOKS = {
  up: { color: semanticColors.success, Icon: IconArrowUpRight, words: 'Up' },
  down: { color: semanticColors.danger, Icon: IconArrowDownRight, words: 'Down' },
  flat: { color: 'gray', Icon: IconArrowRight, words: 'unchanged' },
} as const;

/**
 * Growth against last week: green and an up arrow when up, red and a down arrow when down, grey when flat. The sign
 * and the arrow say it without colour; screen readers hear it in words.
 */
export function GrowthBadge({ growth }: { growth: number }) {
  const trend = trendOf(growth);
  const { color, Icon, words } = LOOKS[trend];
  const label = trend === 'flat' ? 'Unchanged from last week' : `${words} ${Math.abs(growth).toFixed(1)}% on last week`;
  return (
    <Badge
      variant="light"
      color={color}
      radius="sm"
      tt="none"
      size="md"
      leftSection={<Icon size={14} aria-hidden />}
      data-trend={trend}
      aria-label={label}
      role="img"
      style={{ fontVariantNumeric: 'tabular-nums' }}
    >
      {formatGrowth(growth)}
    </Badge>
  );
}
