import { Anchor, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { InfoLayout } from '../../info/components/info-layout';
import classes from './legal-document.module.css';
import { SectionHeading } from './section-heading';

export type LegalSection = { id: string; title: string; content: ReactNode };

type LegalDocumentProps = {
  title: string;
  eyebrow: string;
  intro: string;
  /** ISO date (YYYY-MM-DD) of the last change to the text. */
  lastUpdated: string;
  sections: readonly LegalSection[];
};

const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A legal page: the dated text, its contents, and numbered sections whose headings link to themselves. */
export function LegalDocument({ title, eyebrow, intro, lastUpdated, sections }: LegalDocumentProps) {
  return (
    <InfoLayout title={title} eyebrow={eyebrow} intro={intro}>
      <div className={classes.layout}>
        <nav aria-labelledby="legal-contents-title" className={classes.toc}>
          <Text
            id="legal-contents-title"
            component="h2"
            fz="xs"
            fw={700}
            tt="uppercase"
            c="dimmed"
            mb="xs"
            lts="0.08em"
          >
            Contents
          </Text>
          <ol className={classes.tocList}>
            {sections.map((section) => (
              <li key={section.id}>
                <Anchor component={Link} to={{ hash: section.id }} fz="sm">
                  {section.title}
                </Anchor>
              </li>
            ))}
          </ol>
        </nav>
        <article className={classes.article} aria-label={title}>
          <Text c="dimmed" fz="sm" mb="xl">
            Last updated: <time dateTime={lastUpdated}>{longDate.format(new Date(`${lastUpdated}T00:00:00Z`))}</time>
          </Text>
          {sections.map((section, index) => (
            <section key={section.id} aria-labelledby={section.id}>
              <SectionHeading id={section.id}>{`${index + 1}. ${section.title}`}</SectionHeading>
              {section.content}
            </section>
          ))}
        </article>
      </div>
    </InfoLayout>
  );
}
