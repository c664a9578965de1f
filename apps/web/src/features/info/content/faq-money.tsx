import { MAX_CARDS_PER_USER, PRODUCT_NAME } from '@coincard/shared';
import { coinNetworkNames, SUPPORTED_COINS } from '../../landing/content/coins';
import { pricing } from '../../landing/content/pricing';
import type { FaqGroup } from './faq-types';

const coinList = SUPPORTED_COINS.map((coin) => coin.code).join(', ');

export const depositsFaq: FaqGroup = {
  title: 'Deposits',
  items: [
    {
      id: 'supported-coins',
      question: 'Which cryptocurrencies can I deposit?',
      answer: (
        <>
          <p>
            You can deposit {SUPPORTED_COINS.length} coins: {coinList}.
          </p>
          <p>
            Stablecoins travel on several networks. USDT works on {coinNetworkNames('USDT').join(', ')}; USDC on{' '}
            {coinNetworkNames('USDC').join(', ')}. Always send on the network you picked for the deposit.
          </p>
        </>
      ),
    },
    {
      id: 'deposit-limits',
      question: 'How much can I deposit, and how long does it take?',
      answer: (
        <>
          <p>
            Each deposit is between {pricing.depositMin} and {pricing.depositMax}. You enter the amount in US dollars,
            choose a coin and a network, and get a payment link that stays valid for {pricing.depositLinkMinutes}{' '}
            minutes.
          </p>
          <p>
            Your balance is credited in US dollars as soon as the payment provider confirms the payment on the
            blockchain. If you send a little more or less than asked, we credit the US dollar value that actually
            arrived.
          </p>
        </>
      ),
    },
    {
      id: 'conversion',
      question: 'How is my crypto converted to US dollars?',
      answer: (
        <p>
          Automatically. Before you pay, the deposit screen shows the current rate (1 coin = the USD price) and how many
          coins to send. Once the payment is confirmed, the US dollar amount lands in your {PRODUCT_NAME} balance, ready
          to load onto a card.
        </p>
      ),
    },
  ],
};

export const cardsFaq: FaqGroup = {
  title: 'Cards and fees',
  items: [
    {
      id: 'fees',
      question: 'What does a card cost?',
      answer: (
        <>
          <p>
            Creating a card costs {pricing.creationFee}, which includes its first month. From the second month the card
            costs {pricing.monthlyFee} a month. The monthly fee is taken from your account balance, or from the card if
            the balance is empty; if neither can pay it, the card is frozen until the fee is paid.
          </p>
          <p>
            Loading money onto a card costs {pricing.loadFee} of the amount loaded: loading {pricing.exampleLoad} costs{' '}
            {pricing.exampleLoadFee}, so {pricing.exampleLoadTotal} leaves your balance. Unloading is free.
          </p>
        </>
      ),
    },
    {
      id: 'card-limits',
      question: 'How many cards can I have, and what are the limits?',
      answer: (
        <p>
          You can hold up to {MAX_CARDS_PER_USER} cards at once. To create one, your e-mail must be verified and your
          balance must be above {pricing.creationFee}. Each card can be loaded with up to {pricing.monthlyLimit} per
          calendar month.
        </p>
      ),
    },
    {
      id: 'unload',
      question: 'Can I move money from a card back to my balance?',
      answer: (
        <p>
          Yes, with Unload Money on the card page, free of charge. You can unload each card once every{' '}
          {pricing.unloadCooldownMinutes} minutes, and at least {pricing.cardMinRemaining} must stay on the card.
        </p>
      ),
    },
    {
      id: 'freeze',
      question: 'What happens when I freeze a card?',
      answer: (
        <p>
          A frozen card cannot be used, loaded or unloaded. Its balance stays where it is. Unfreeze it from the card
          page whenever you are ready; it works again straight away.
        </p>
      ),
    },
    {
      id: 'delete-card',
      question: 'What happens to the money when I delete a card?',
      answer: (
        <p>
          Its remaining balance goes back to your account balance first, then the card is closed for good and disappears
          from your dashboard. You can create a new card afterwards, up to {MAX_CARDS_PER_USER} at a time.
        </p>
      ),
    },
  ],
};
