import { Box, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { IconArrowRight } from '../../../icons/IconArrowRight';
import { pricing } from '../content/pricing';

/** Closing call to action, on the same gradient as the card visual so the page ends on the product. */
export function CtaSection() {
  return (
    <Box component="section" aria-labelledby="cta-title" pb={{ base: 56, md: 88 }}>
      <Container size="lg">
        <Paper
          radius="xl"
          p={{ base: 'xl', md: 56 }}
          style={{
            background:
              'linear-gradient(135deg, var(--mantine-color-navy-9) 0%, var(--mantine-color-navy-7) 55%, var(--mantine-color-teal-8) 130%)',
            color: 'var(--mantine-color-white)',
          }}
        >
          <Group justify="space-between" align="center" gap="xl">
            <Stack gap="xs" maw={560}>
              <Title id="cta-title" order={2} fz={{ base: 26, md: 34 }} c="white" style={{ letterSpacing: '-0.02em' }}>
                Your first card is a few minutes away
              </Title>
              <Text c="white" opacity={0.85}>
                Sign up, deposit from {pricing.depositMin} in the coin you already hold, and create a card for{' '}
                {pricing.creationFeeShort}, first month included.
              </Text>
            </Stack>
            <Group gap="sm">
              <Button
                component={Link}
                to="/signup"
                size="md"
                color="white"
                c="navy.9"
                rightSection={<IconArrowRight size={18} />}
              >
                Get Started
              </Button>
              <Button component={Link} to="/login" size="md" variant="outline" color="white">
                Sign In
              </Button>
            </Group>
          </Group>
        </Paper>
      </Container>
    </Box>
  );
}
