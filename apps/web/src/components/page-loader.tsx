import { Center, Loader } from '@mantine/core';

type PageLoaderProps = { label?: string; fullScreen?: boolean };

/** A centred spinner with an accessible name, used while a page or the session loads. */
export function PageLoader({ label = 'Loading', fullScreen = false }: PageLoaderProps) {
  return (
    <Center mih={fullScreen ? '100dvh' : 240} role="status" aria-live="polite" aria-label={label}>
      <Loader aria-hidden />
    </Center>
  );
}
