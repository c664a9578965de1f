import { PASSWORD_RULES, passwordScore } from '@coincard/shared';
import { List, Progress, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck } from '../icons/IconCheck';
import { IconX } from '../icons/IconX';

const STRENGTH_LABELS = ['Very weak', 'Very weak', 'Weak', 'Fair', 'Good', 'Strong'] as const;
const STRENGTH_COLORS = ['red', 'red', 'red', 'yellow', 'yellow', 'green'] as const;

type PasswordStrengthProps = { password: string; showMeter?: boolean; id?: string };

/** The password rules, ticked live as they pass, with an optional strength meter. */
export function PasswordStrength({ password, showMeter = false, id }: PasswordStrengthProps) {
  const score = passwordScore(password);
  return (
    <Stack gap={6} id={id}>
      {showMeter ? (
        <>
          <Progress
            value={(score / PASSWORD_RULES.length) * 100}
            color={STRENGTH_COLORS[score]}
            size="sm"
            aria-label="Password strength"
          />
          <Text size="xs" c="dimmed" aria-live="polite">
            Strength: {STRENGTH_LABELS[score]}
          </Text>
        </>
      ) : null}
      <List size="xs" spacing={4} center aria-label="Password requirements">
        {PASSWORD_RULES.map((rule) => {
          const passed = rule.test(password);
          return (
            <List.Item
              key={rule.id}
              icon={
                <ThemeIcon
                  size={16}
                  radius="xl"
                  color={passed ? 'green' : 'gray'}
                  variant={passed ? 'filled' : 'light'}
                >
                  {passed ? <IconCheck size={11} aria-hidden /> : <IconX size={11} aria-hidden />}
                </ThemeIcon>
              }
            >
              <Text span size="xs" c={passed ? undefined : 'dimmed'}>
                {rule.label}
                <VisuallyHidden>{passed ? ' (met)' : ' (not met yet)'}</VisuallyHidden>
              </Text>
            </List.Item>
          );
        })}
      </List>
    </Stack>
  );
}
