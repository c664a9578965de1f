import { SUPPORT_EMAIL } from '@coincard/shared';
import { Accordion, Anchor, Stack, Text, Title, Typography } from '@mantine/core';
import { useLocation } from 'react-router';
import { InfoLayout } from './components/info-layout';
import { basicsFaq, referralsFaq, securityFaq } from './content/faq-account';
import { cardsFaq, depositsFaq } from './content/faq-money';

export const FAQ_GROUPS = [basicsFaq, depositsFaq, cardsFaq, securityFaq, referralsFaq];

/** /faq: frequently asked questions, grouped, each answer in an accordion panel. */
export function FaqPage() {
  // A link such as /faq#fees opens that answer (the layout scrolls to it).
  const openId = useLocation().hash.replace(/^#/, '');
  return (
    <InfoLayout
      title="Frequently asked questions"
      eyebrow="FAQ"
      intro="Fees, limits, deposits, security and referrals: the short answers. Can't find yours? Our support team is one e-mail away."
    >
      <Stack gap={48}>
        {FAQ_GROUPS.map((group) => (
          <section key={group.title} aria-labelledby={`faq-${slug(group.title)}`}>
            <Title id={`faq-${slug(group.title)}`} order={2} fz={{ base: 'xl', md: 24 }} mb="md">
              {group.title}
            </Title>
            <Accordion
              variant="separated"
              radius="md"
              defaultValue={group.items.some((item) => item.id === openId) ? openId : null}
            >
              {group.items.map((item) => (
                <Accordion.Item key={item.id} value={item.id} id={item.id}>
                  <Accordion.Control>
                    <Text component="span" fw={600}>
                      {item.question}
                    </Text>
                  </Accordion.Control>
                  <Accordion.Panel>
                    <Typography p={0} fz="sm" c="dimmed">
                      {item.answer}
                    </Typography>
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          </section>
        ))}
        <Text c="dimmed">
          Still have a question? Write to{' '}
          <Anchor href={`mailto:${SUPPORT_EMAIL}`} underline="always">
            {SUPPORT_EMAIL}
          </Anchor>{' '}
          and we will get back to you.
        </Text>
      </Stack>
    </InfoLayout>
  );
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}
