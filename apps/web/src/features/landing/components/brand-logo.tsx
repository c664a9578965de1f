import { PRODUCT_NAME } from '@coincard/shared';
import { UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from '../../../components/logo';

type BrandLogoProps = { size?: 'sm' | 'md' };

/** The app's logo as a link home, for the landing and info page headers and the footer. */
export function BrandLogo({ size = 'md' }: BrandLogoProps) {
  return (
    <UnstyledButton
      component={Link}
      to="/"
      aria-label={`${PRODUCT_NAME} home`}
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
    >
      <Logo size={size} />
    </UnstyledButton>
  );
}
