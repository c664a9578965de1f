import { PRODUCT_NAME as P } from '@coincard/shared';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { NOT_A_BANK_DISCLAIMER, RESTRICTED_COUNTRIES_NOTICE } from '../../../lib/legal-notices';
import { FeesTable } from '../components/fees-table';
import type { LegalSection } from '../components/legal-document';
import { legalFigures as f } from './legal-figures';

const support = (
  <Anchor href={`mailto:${f.supportEmail}`} inherit underline="always">
    {f.supportEmail}
  </Anchor>
);

/** The Terms of Service, section by section; every figure comes from the shared constants. */
export const TERMS_SECTIONS: readonly LegalSection[] = [
  {
    id: 'agreement',
    title: 'These terms',
    content: (
      <>
        <p>
          These terms are the agreement between you and {P} for the use of the {P} website, app and cards. By creating
          an account, or by using the service, you accept them. Please read them together with our{' '}
          <Anchor component={Link} to="/privacy" inherit underline="always">
            Privacy Policy
          </Anchor>
          , which says what we do with your data.
        </p>
        <p>If anything here is unclear, write to {support} before you use the service. We answer in plain words.</p>
      </>
    ),
  },
  {
    id: 'service',
    title: `What ${P} is, and what it is not`,
    content: (
      <>
        <p>
          {P} lets you add money to a US dollar balance by paying in cryptocurrency, and spend that balance with virtual
          Mastercard-style cards in US dollars.
        </p>
        <ul>
          <li>
            <strong>Not a bank.</strong> {NOT_A_BANK_DISCLAIMER} Your balance is a record of what we owe you in US
            dollars; it is not a deposit account and it is not covered by any deposit guarantee scheme.
          </li>
          <li>
            <strong>No interest.</strong> Balances and card balances earn no interest or other return.
          </li>
          <li>
            <strong>Balances in US dollars.</strong> Every balance, fee and limit is in US dollars. A top-up is
            converted from cryptocurrency to US dollars once, when it is paid; after that its value does not move with
            the price of the coin.
          </li>
          <li>
            <strong>Cards from a card issuer.</strong> Cards are issued and operated by our card-issuing partner, under
            its programme rules and the card network's rules. {P} is the programme manager: we hold the relationship
            with you and instruct the issuer on your behalf.
          </li>
          <li>
            <strong>Crypto through a payment provider.</strong> Cryptocurrency payments are received and converted by a
            specialised payment provider. We never hold your coins, your wallet or your private keys, and we will never
            ask for them.
          </li>
          <li>
            <strong>Not an exchange or an investment.</strong> We do not buy, sell or hold cryptocurrency for you, and
            nothing on {P} is investment advice.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'eligibility',
    title: 'Who can use it',
    content: (
      <>
        <p>You may open and use an account only if all of these are true:</p>
        <ul>
          <li>you are at least 18 years old and able to enter into a binding contract;</li>
          <li>
            you live in, and use the service from, a country where it is offered. {RESTRICTED_COUNTRIES_NOTICE} We also
            do not serve anyone subject to sanctions, or acting for someone who is;
          </li>
          <li>you open one account, for yourself, with an e-mail address you control;</li>
          <li>the money you add is yours, from a lawful source, and you are not using the service for someone else.</li>
        </ul>
        <p>
          Before your first card you verify your identity: we pass your legal name, date of birth, address, phone and
          identity document to our card issuer, which registers you as a cardholder if it can confirm who you are. You
          have {f.verificationAttempts} attempts; after that, support helps you. We may ask you to verify again, and
          until you do no new card can be made. The issuer may refuse a cardholder or a card under its own rules; if it
          refuses a card you paid for, the fee comes back to your balance automatically.
        </p>
      </>
    ),
  },
  {
    id: 'account',
    title: 'Your account and its security',
    content: (
      <>
        <ul>
          <li>
            Keep your password to yourself and use it for {P} only. Turn on two-factor sign-in in Profile Settings: a{' '}
            {f.codeLifetime} code by e-mail, or an authenticator app.
          </li>
          <li>
            You are responsible for what is done with your account until you tell us it is compromised. If you think
            someone else has access, change your password, freeze your cards and write to {support} at once.
          </li>
          <li>
            No one from {P} will ever ask for your password, a sign-in code, a full card number, a CVV or a 3DS code.
          </li>
          <li>Keep your e-mail address current: receipts, security codes and notices of changes go there.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'top-ups',
    title: 'Top-ups',
    content: (
      <>
        <p>
          You add money with <strong>Add Money</strong>: pick one of the {f.coinCount} accepted coins ({f.coinCodes})
          and its network, and type an amount in US dollars from {f.depositMin} to {f.depositMax}. The payment provider
          then gives you an invoice showing how much of the coin to send and where. The invoice is valid for{' '}
          {f.depositLinkMinutes} minutes.
        </p>
        <ul>
          <li>
            Your balance is credited once the payment provider confirms the payment on the blockchain. The US dollar
            amount is the one the provider confirms.
          </li>
          <li>
            If you send more than the invoice asks, we credit what the provider confirms arrived. If you send less, we
            credit what arrived and the top-up shows as paid less.
          </li>
          <li>
            If nothing arrives before the invoice expires, or the provider reports the payment as failed, nothing is
            credited and no fee is charged.
          </li>
          <li>
            Send only the coin, on the network, that the invoice names. Coins sent on another network or to an expired
            invoice may not be recoverable; write to {support} with the transaction details and we will ask the payment
            provider, but we cannot promise their return.
          </li>
          <li>
            Where an amount looks wrong (an unusual overpayment, say), a person reviews the top-up before it is
            credited.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'refunds',
    title: 'Refunds',
    content: (
      <>
        <ul>
          <li>
            A credited top-up is final: it cannot be sent back to the wallet it came from. The balance is yours to spend
            through your cards.
          </li>
          <li>
            The card creation fee is not refundable once the card is issued. If the issuer refuses to issue the card,
            the full {f.creationFee} returns to your balance automatically.
          </li>
          <li>
            A load fee is returned with the amount if the issuer refuses the load. Fees for loads that went through are
            not refundable.
          </li>
          <li>
            A merchant's refund lands on the card it was paid with (or on your balance, if that card has since been
            deleted). Disputes about goods or services are between you and the merchant; write to {support} if a
            merchant will not help and we will ask the issuer what can be done.
          </li>
          <li>
            If you close your account with money left in it, we return it in USDT to a wallet address you give us, after
            we have confirmed that the request comes from you. The network fee for that transfer is deducted from the
            amount.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'fees',
    title: 'Fees and limits',
    content: (
      <>
        <p>
          These are all the fees {P} charges. Each one is shown on screen, with the amount, before you confirm the
          action that incurs it.
        </p>
        <FeesTable />
        <p>
          A load fee is {f.loadFee} of the amount put on the card. You can choose to have the fee taken from the amount
          you type instead of added to it; the confirmation shows exactly what reaches the card.
        </p>
        <p>
          We may change fees and limits. We will tell you by e-mail at least 30 days before a fee goes up or a limit
          goes down; the change never applies to an action you have already confirmed.
        </p>
      </>
    ),
  },
  {
    id: 'cards',
    title: 'Cards',
    content: (
      <>
        <ul>
          <li>
            You can hold up to {f.maxCards} cards. A card costs {f.creationFee} to create (your balance must hold more
            than that) and {f.monthlyFee} a month from its second month.
          </li>
          <li>
            Cards are virtual: use them for online and in-app payments wherever the card network is accepted. Each card
            has a {f.pinLength}-digit 3DS code that you choose, which some merchants ask for to confirm a payment.
          </li>
          <li>
            The full card number, expiry and CVV are fetched from the issuer when you ask to see them, and are hidden
            again after {f.secretsVisible}. We do not store them.
          </li>
          <li>
            A card spends only what is loaded on it. Loading and unloading need an active card; money unloaded returns
            to your balance with no fee.
          </li>
          <li>
            The monthly fee is due on the card's monthly anniversary. It is taken from your balance, or from the card if
            the balance cannot pay it; if neither can, the card is frozen until the fee is paid, which happens on its
            own after your next top-up.
          </li>
          <li>
            You can freeze and unfreeze a card yourself at any time. Deleting a card returns its balance to your
            balance; any monthly fee it still owes is paid from your balance if possible, otherwise waived.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'card-blocks',
    title: 'When we block a card',
    content: (
      <>
        <p>We or the issuer may block a card, at once and without notice where the law or the risk requires, if:</p>
        <ul>
          <li>we suspect fraud, unauthorised use or a compromised card number;</li>
          <li>a payment on it breaks these terms, the issuer's rules or the law;</li>
          <li>the issuer, the card network or an authority asks us to.</li>
        </ul>
        <p>
          A blocked card cannot be used, unfrozen or deleted by you, and its money stays on it while we look into the
          matter. We tell you why unless the law forbids it, and we lift the block as soon as the reason is gone.
        </p>
      </>
    ),
  },
  {
    id: 'referrals',
    title: 'Referral programme',
    content: (
      <>
        <ul>
          <li>
            Your personal referral link is available while your balance holds {f.referralLinkMinBalance} or more, and a
            referral counts only if you qualify at the moment your friend verifies their e-mail address.
          </li>
          <li>
            You earn {f.referralSignupReward} when a friend you referred signs up and verifies their address, and{' '}
            {f.referralFirstCardReward} when they create their first card. Your friend receives{' '}
            {f.referredFirstCardReward} in their balance with that first card.
          </li>
          <li>
            Your rewards are held until your friend's money is real: the sign-up reward once their top-ups reach{' '}
            {f.depositMin}, the first-card reward once the issuer has issued that card. A card the issuer refuses takes
            its reward back.
          </li>
          <li>
            Released earnings can be moved to your balance once they reach {f.referralPayoutMilestone}. They are paid in
            US dollars, never in cash or cryptocurrency.
          </li>
          <li>
            You cannot refer yourself, and you may not send unsolicited messages, post your link where it is not welcome
            or pay for ads that use our name. We cancel rewards that come from breaking these rules, and may close the
            programme for your account.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'prohibited-use',
    title: 'What you may not do',
    content: (
      <ul>
        <li>use the service for anything illegal, including money laundering, fraud or financing terrorism;</li>
        <li>evade sanctions, or the restriction on the countries where we do not operate;</li>
        <li>move money for someone else, or let anyone else use your account or cards;</li>
        <li>buy gambling, adult or other goods and services the issuer's programme does not allow;</li>
        <li>probe, overload or automate the service, or try to get around its limits.</li>
      </ul>
    ),
  },
  {
    id: 'suspension',
    title: 'Suspension and closing',
    content: (
      <>
        <p>
          We may suspend your account if you break these terms, if we must by law, or while we investigate suspected
          fraud. A suspension ends every signed-in session at once; while it lasts you cannot sign in, create cards or
          withdraw referral earnings, and we may block your cards. We tell you why unless the law forbids it.
        </p>
        <p>
          You can close your account at any time by writing to {support} from the address on the account. We may close
          an account with 30 days' notice by e-mail, or at once for a serious breach. Money left in a closed account is
          returned as set out under Refunds, unless the law requires us to hold it.
        </p>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Availability and responsibility',
    content: (
      <>
        <p>
          We work to keep {P} available and correct, but the service depends on the payment provider, the card issuer,
          card networks and blockchains, which we do not control. We are not responsible for delays or losses caused by
          them, by a blockchain, or by events beyond our reasonable control.
        </p>
        <p>
          Nothing in these terms limits responsibility that cannot be limited by law. Otherwise, our responsibility for
          any claim is limited to the fees you paid us in the 12 months before it.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    content: (
      <p>
        When we change these terms we update the date at the top of this page and, for changes that matter to you,
        e-mail you at least 30 days before they apply. If you do not agree, you can close your account before then at no
        cost.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    content: (
      <p>
        Write to {support} about anything in these terms, your account, a top-up or a card. People answer within one
        business day; the{' '}
        <Anchor component={Link} to="/support" inherit underline="always">
          Support page
        </Anchor>{' '}
        says what to include.
      </p>
    ),
  },
];
