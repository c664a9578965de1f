import { PRODUCT_NAME as P } from '@coincard/shared';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import type { LegalSection } from '../components/legal-document';
import { RetentionTable } from '../components/retention-table';
import { StorageList } from '../components/storage-list';
import { legalFigures as f } from './legal-figures';

const support = (
  <Anchor href={`mailto:${f.supportEmail}`} inherit underline="always">
    {f.supportEmail}
  </Anchor>
);

/** The Privacy Policy, section by section; lifetimes and cookie names come from the code that sets them. */
export const PRIVACY_SECTIONS: readonly LegalSection[] = [
  {
    id: 'about',
    title: 'This policy',
    content: (
      <>
        <p>
          This policy explains what personal data {P} collects when you use the website, the app and our cards, why, who
          else sees it, how long we keep it, and what you can ask of us. {P} is responsible for that data (the
          "controller"). It applies together with our{' '}
          <Anchor component={Link} to="/terms" inherit underline="always">
            Terms of Service
          </Anchor>
          .
        </p>
        <p>We collect as little as the service needs, we do not sell personal data, and we show no advertising.</p>
      </>
    ),
  },
  {
    id: 'data-we-collect',
    title: 'What we collect',
    content: (
      <>
        <h3>You give us</h3>
        <ul>
          <li>your e-mail address and a password (we keep only a salted argon2id hash of it, never the password);</li>
          <li>
            your security settings: whether two-factor sign-in is on and, if you use an authenticator app, its secret
            (encrypted) and hashes of your recovery codes;
          </li>
          <li>card labels and the {f.pinLength}-digit 3DS codes you choose (passed to the issuer, not kept by us);</li>
          <li>
            before your first card, your identity: legal name, date of birth, home address, mobile phone and the type,
            number and issuing country of an identity document. We pass them to the card issuer, which verifies you;
            they are kept encrypted only until the issuer has them. After that we keep your name, your year of birth,
            your countries, the document type and the last 4 characters of its number, with the issuer's decision. We do
            not ask for pictures of your document;
          </li>
          <li>what you write to support.</li>
        </ul>
        <h3>The service records</h3>
        <ul>
          <li>top-ups: coin, network, amount, status, the payment provider's reference and the amount it confirmed;</li>
          <li>
            your balance and every movement of it, in an append-only ledger (top-ups, card fees, loads, unloads,
            purchases, refunds, referral rewards);
          </li>
          <li>
            cards: label, last four digits, status and balance. Card purchases are listed from the card issuer when you
            open a card; we keep each purchase's amount and merchant description in your ledger;
          </li>
          <li>referrals: who invited whom, and the rewards earned;</li>
          <li>
            security events: sign-ins, failed attempts, password and e-mail changes, card reveals and admin actions,
            with the time, your IP address and your browser's user agent.
          </li>
        </ul>
        <h3>We do not collect</h3>
        <ul>
          <li>full card numbers, expiry dates or CVVs: the issuer holds them and we fetch them only to show you;</li>
          <li>your wallet's private keys or seed phrase;</li>
          <li>
            analytics, advertising or tracking data. The app loads nothing from other websites: no third-party scripts,
            fonts or pixels.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'why',
    title: 'Why we use it',
    content: (
      <ul>
        <li>
          <strong>To provide the service</strong> you signed up for: your account, top-ups, cards and referrals
          (performing our contract with you).
        </li>
        <li>
          <strong>To keep accounts and money safe</strong>: sign-in checks, two-factor codes, limits on repeated
          attempts, fraud prevention and the security log (our legitimate interest, and yours).
        </li>
        <li>
          <strong>To meet legal duties</strong>: financial record keeping, anti-money-laundering and sanctions rules,
          and requests from authorities entitled to make them.
        </li>
        <li>
          <strong>To talk to you</strong>: receipts, security codes, answers to your messages and notice of changes to
          our terms or fees. We send no marketing e-mail.
        </li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    content: (
      <>
        <ul>
          <li>
            <strong>The payment provider</strong> receives an order reference, the amount, the coin and the network for
            each top-up, so it can create the invoice and confirm the payment. It does not receive your e-mail address.
          </li>
          <li>
            <strong>The card issuer</strong> receives what it needs to verify you and operate your cards: your e-mail
            address, the identity details you give in the verification step (your legal name is the name printed on your
            cards), and every card instruction (create, load, unload, freeze, delete). It keeps them under its own
            obligations as a card issuer.
          </li>
          <li>
            <strong>Our e-mail delivery service</strong> receives your address and the messages we send you.
          </li>
          <li>
            <strong>Authorities</strong>, when the law requires it. We check each request and share only what it covers.
          </li>
        </ul>
        <p>
          These partners may process data outside your country. Where they do, we rely on their contractual commitments
          to protect it to the standard this policy sets.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    content: (
      <>
        <RetentionTable />
        <p>
          When a period ends the data is deleted or made anonymous. A deletion request does not shorten the periods the
          law sets for financial records; it does end every other use of the data.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and browser storage',
    content: (
      <>
        <p>
          {P} uses only what it needs to sign you in and to remember two display choices. None of it tracks you, so we
          do not ask for consent to it, and there is nothing to opt out of. All of it is first-party: set by our own
          address and sent nowhere else.
        </p>
        <StorageList />
        <p>
          Over a secure (HTTPS) connection the cookie names start with <code>__Host-</code>, which tells your browser to
          send them only to our own address. Blocking these cookies makes signing in impossible; clearing them signs you
          out.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    content: (
      <ul>
        <li>connections are encrypted (HTTPS), and the session cookies cannot be read by page scripts;</li>
        <li>passwords are hashed with argon2id; codes and links are single-use and expire;</li>
        <li>authenticator secrets and pending card codes are encrypted at rest;</li>
        <li>every balance change is a double-entry ledger record that cannot be edited or deleted;</li>
        <li>staff access is limited to those who need it, protected by two-factor sign-in and logged.</li>
      </ul>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights and deletion requests',
    content: (
      <>
        <p>You can ask us to:</p>
        <ul>
          <li>give you a copy of the personal data we hold about you;</li>
          <li>
            correct it (you can change your e-mail address yourself in Profile Settings; write to us for anything else);
          </li>
          <li>delete it, or stop or limit a use of it;</li>
          <li>send it to you, or to another service, in a machine-readable form.</li>
        </ul>
        <p>
          <strong>To delete your account</strong>, write to {support} from the address on the account. We confirm the
          request is yours, return any money left as our{' '}
          <Anchor component={Link} to={{ pathname: '/terms', hash: 'refunds' }} inherit underline="always">
            terms
          </Anchor>{' '}
          describe, delete your cards at the issuer and close the account within 30 days. After that we keep only the
          records the law requires, for the periods above, and nothing else.
        </p>
        <p>
          We answer every request within one month. If you are not satisfied with our answer, you may complain to the
          data protection authority where you live.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    content: (
      <p>
        {P} is for adults only. We do not knowingly collect data from anyone under 18; if we learn that we have, we
        close the account and delete the data the law does not require us to keep.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    content: (
      <p>
        When we change this policy we update the date at the top of this page, and e-mail you before a change that
        affects how we use your data takes effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    content: (
      <p>
        For anything about your data, write to {support}. Put "Privacy" in the subject so the message reaches the person
        who handles these requests.
      </p>
    ),
  },
];
