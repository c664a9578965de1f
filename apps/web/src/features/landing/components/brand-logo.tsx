import { PRODUCT_NAME } from '@coincard/shared';
import { UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from '../../../components/logo';
import classes from './brand-logo.module.css';

type BrandLogoProps = {
  size?: 'sm' | 'md';
  /** Drops the word mark below 360px wide, for headers that also hold buttons. */
  compact?: boolean;
};

/** The app's logo as a link home, for the landing and info page headers and the footer. */
export function BrandLogo({ size = 'md', compact = false }: BrandLogoProps) {
  return (
    <UnstyledButton
      component={Link}
      to="/"
      aria-label={`${PRODUCT_NAME} home`}
      className={compact ? classes.compact : undefined}
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
    >
      <Logo size={size} />
    </UnstyledButton>
  );
}
