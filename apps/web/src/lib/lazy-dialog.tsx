import { Center, Loader, Modal } from '@mantine/core';
import { type ComponentType, Suspense, useState } from 'react';
import { lazyPage } from './lazy-page';

type DialogProps = { opened: boolean; onClose: () => void };

/**
 * A dialog whose code is downloaded when it is first opened, not with the page: the pages that offer Add Money and
 * Create Card showed their largest text only once the forms behind those buttons (their fields, their validation)
 * had come over a slow phone's network too. Until the code is in, the dialog opens with a spinner in its place;
 * once opened it stays mounted, so it closes with its own transition.
 */
export function lazyDialog<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  title: string,
): ComponentType<M[K] extends ComponentType<infer P> ? P & DialogProps : never> {
  const Dialog = lazyPage(load, name) as unknown as ComponentType<DialogProps>;
  function LazyDialog(props: DialogProps) {
    const [wanted, setWanted] = useState(props.opened);
    // Derived from the props during render (React's pattern for state that follows a prop), so the first open
    // renders the dialog at once rather than one commit later.
    if (props.opened && !wanted) setWanted(true);
    if (!wanted) return null;
    return (
      <Suspense
        fallback={
          <Modal opened={props.opened} onClose={props.onClose} title={title} centered>
            <Center py="xl">
              <Loader aria-label={`Loading ${title}`} />
            </Center>
          </Modal>
        }
      >
        <Dialog {...props} />
      </Suspense>
    );
  }
  return LazyDialog as unknown as ComponentType<M[K] extends ComponentType<infer P> ? P & DialogProps : never>;
}
