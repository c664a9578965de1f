import { Link } from 'react-router';
import classes from './legal-document.module.css';

type SectionHeadingProps = { id: string; children: string };

/** A section's h2 with a "#" link to itself, so a person can share the exact clause they mean. */
export function SectionHeading({ id, children }: SectionHeadingProps) {
  return (
    <h2 id={id} tabIndex={-1}>
      {children}
      <Link to={{ hash: id }} className={classes.anchor} aria-label={`Link to section: ${children}`}>
        #
      </Link>
    </h2>
  );
}
