import { Center, Loader, Modal } from '@mantine/core';
import { type ComponentType, Suspense, useEffect, useState } from 'react';
import { lazyPage } from './lazy-page';

type DialogProps = { opened: boolean; onClose: () => void };

/** What a visitor does before opening anything: move a pointer over the page, touch it, or press a key. */
const FIRST_GESTURES = ['pointerover', 'pointerdown', 'keydown'] as const;

/** Runs `task` at the visitor's first gesture on the page; answers how to stop waiting for it. */
function atFirstGesture(task: () => void): () => void {
  const run = () => {
    stop();
    task();
  };
  const stop = () => {
    for (const type of FIRST_GESTURES) window.removeEventListener(type, run);
  };
  for (const type of FIRST_GESTURES) window.addEventListener(type, run, { passive: true });
  return stop;
}

/**
 * A dialog whose code is not downloaded with the page: the pages that offer Add Money and Create Card showed their
 * largest text only once the forms behind those buttons (their fields, their validation) had come over a slow
 * phone's network too. The code is fetched at the visitor's first gesture on the page (a pointer moving over it, a
 * touch, a key), so it is usually in by the time the button is pressed, and a page merely loaded fetches nothing
 * more (fetched when the page fell idle instead, it added its own work to the page's load: decision 034). Opened
 * sooner, the dialog shows its title and a spinner until its code is in. Once opened it stays mounted, so it closes
 * with its own transition.
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
    // A failed download is tried again, and reported, by the lazy import when the dialog opens.
    useEffect(() => atFirstGesture(() => void load().catch(() => undefined)), []);
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
