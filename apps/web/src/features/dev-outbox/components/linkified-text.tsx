import { Anchor } from '@mantine/core';
import { Fragment } from 'react';

/** A URL, without trailing punctuation that ends the sentence around it. */
const URL_PATTERN = /(https?:\/\/[^\s<>"']*[^\s<>"'.,;:!?)])/g;

/** Plain text with every http(s) URL turned into a link. */
export function LinkifiedText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable string, never reordered
          <Anchor key={index} href={part} inherit>
            {part}
          </Anchor>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}
