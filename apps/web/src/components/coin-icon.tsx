import { findCoin } from '@coincard/shared';
import { Avatar } from '@mantine/core';
import { useEffect, useState } from 'react';

type Logos = typeof import('./coin-logos')['COIN_LOGOS'];

let logos: Logos | null = null;
let logosLoading: Promise<Logos> | null = null;

function loadLogos(): Promise<Logos> {
  logosLoading ??= import('./coin-logos').then((module) => {
    logos = module.COIN_LOGOS;
    return logos;
  });
  return logosLoading;
}

/** The logos once their chunk is in (at once after the first time); null until then. */
function useCoinLogos(): Logos | null {
  const [loaded, setLoaded] = useState(logos);
  useEffect(() => {
    if (!loaded) void loadLogos().then(setLoaded);
  }, [loaded]);
  return loaded;
}

type CoinIconProps = { code: string; size?: number };

/** A coin's logo on a round badge, or its first letters on a coloured avatar. Decorative: the code is always beside it. */
export function CoinIcon({ code, size = 32 }: CoinIconProps) {
  // While the logos load, a coin shows its letters in the same round badge: nothing moves when the logo arrives.
  const Logo = useCoinLogos()?.[code.toUpperCase()];
  if (!Logo) {
    return (
      <Avatar
        size={size}
        radius="xl"
        color="initials"
        name={findCoin(code)?.name ?? code}
        aria-hidden="true"
        fz={Math.max(10, Math.round(size * 0.34))}
        fw={700}
      >
        {code.slice(0, 2).toUpperCase()}
      </Avatar>
    );
  }
  return <Logo size={size} aria-hidden="true" focusable="false" style={{ borderRadius: '50%' }} />;
}
