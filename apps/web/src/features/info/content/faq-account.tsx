import { CARD_PIN_LENGTH, OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_TTL_MS, PRODUCT_NAME } from '@coincard/shared';
import { NOT_A_BANK_DISCLAIMER, RESTRICTED_COUNTRIES_NOTICE } from '../../../lib/legal-notices';
import { pricing } from '../../landing/content/pricing';
import type { FaqGroup } from './faq-types';

const otpMinutes = OTP_TTL_MS / 60_000;

export const basicsFaq: FaqGroup = {
  title: 'The basics',
  items: [
    {
      id: 'what-is-coincard',
      question: `What is ${PRODUCT_NAME}?`,
      answer: (
        <p>
          {PRODUCT_NAME} turns cryptocurrency into spendable US dollars. You deposit crypto, it is converted to USD in
          your account balance, and you load that balance onto virtual Mastercard-style cards that you use to pay
          online.
        </p>
      ),
    },
    {
      id: 'is-it-a-bank',
      question: `Is ${PRODUCT_NAME} a bank?`,
      answer: <p>No. {NOT_A_BANK_DISCLAIMER}</p>,
    },
    {
      id: 'countries',
      question: 'Can I use it from any country?',
      answer: (
        <p>
          Not from every country. {RESTRICTED_COUNTRIES_NOTICE} If you are unsure whether your country is affected,
          write to support before you deposit.
        </p>
      ),
    },
  ],
};

export const securityFaq: FaqGroup = {
  title: 'Security',
  items: [
    {
      id: 'two-factor',
      question: 'How does two-factor authentication work?',
      answer: (
        <>
          <p>
            Two-factor authentication is e-mail based. Turn it on under Profile Settings. From then on, after you enter
            your password we e-mail you a {OTP_LENGTH}-digit code, and you type it in to finish signing in.
          </p>
          <p>
            A code is valid for {otpMinutes} minutes and allows {OTP_MAX_ATTEMPTS} attempts. Signing in again sends a
            new code and cancels the previous one.
          </p>
        </>
      ),
    },
    {
      id: 'three-ds',
      question: 'What is the 3DS code?',
      answer: (
        <p>
          A {CARD_PIN_LENGTH}-digit code you choose when you create a card. Online shops that use 3-D Secure ask for it
          to confirm that the payment is yours. Each card has its own code, and you can reset it from the card page.
        </p>
      ),
    },
    {
      id: 'card-details',
      question: 'Where do I find the full card number and CVV?',
      answer: (
        <p>
          On the card page, choose Show CVV. The number, expiry date and CVV come straight from our card-issuing partner
          each time you ask; {PRODUCT_NAME} never stores them. Never share them with anyone, including us.
        </p>
      ),
    },
  ],
};

export const referralsFaq: FaqGroup = {
  title: 'Referrals',
  items: [
    {
      id: 'referrals',
      question: 'How does the referral programme work?',
      answer: (
        <>
          <p>
            Share your personal link (on the Referral Program page). It becomes active once your account balance reaches{' '}
            {pricing.referralLinkMinBalance}.
          </p>
          <p>
            You earn {pricing.referralSignupReward} when someone who signed up with your link verifies their e-mail, and{' '}
            {pricing.referralFirstCardReward} when they create their first card. They receive{' '}
            {pricing.referredFirstCardReward} on their balance with that first card.
          </p>
          <p>
            Once your referral earnings reach {pricing.referralPayoutMilestone}, you can withdraw them to your account
            balance.
          </p>
        </>
      ),
    },
  ],
};
