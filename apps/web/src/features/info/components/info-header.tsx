import { Anchor, Box, Container, Group } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { ColorSchemeToggle } from '../../../components/color-scheme-toggle';
import { IconArrowLeft } from '../../../icons/IconArrowLeft';
import { BrandLogo } from '../../landing/components/brand-logo';

/** Header of the info pages: the logo (home) and a back link that returns to the previous page of the app. */
export function InfoHeader() {
  const navigate = useNavigate();
  // The router keeps its position in the history stack in `idx`: above 0, an earlier page of the app exists.
  const canGoBack = (window.history.state?.idx ?? 0) > 0;

  return (
    <Box
      component="header"
      h={64}
      style={{
        borderBottom: '1px solid var(--mantine-color-default-border)',
        background: 'var(--mantine-color-body)',
      }}
    >
      <Container size="md" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <BrandLogo compact />
          <Group gap="sm" wrap="nowrap">
            <Anchor
              component={Link}
              to="/"
              onClick={(event) => {
                if (!canGoBack) return;
                event.preventDefault();
                navigate(-1);
              }}
              fz="sm"
              fw={500}
              c="var(--mantine-color-text)"
            >
              <Group component="span" gap={4} wrap="nowrap">
                <IconArrowLeft size={16} aria-hidden="true" />
                {canGoBack ? 'Back' : 'Back to home'}
              </Group>
            </Anchor>
            <ColorSchemeToggle />
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
