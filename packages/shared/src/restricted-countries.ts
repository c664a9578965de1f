/**
 * Where the default list of restricted countries comes from (docs/decisions/029-cardholder-verification.md). Nobody
 * living in one of these countries, or holding an identity document issued by one, can become a cardholder.
 *
 * - The FATF's "High-Risk Jurisdictions subject to a Call for Action" as its plenary of 17-19 June 2026 left them
 *   (unchanged since October 2022, and by the February 2026 plenary): the Democratic People's Republic of Korea (KP),
 *   Iran (IR) and Myanmar (MM).
 * - Jurisdictions under comprehensive (country-wide) sanctions: Cuba (CU), Iran and North Korea (the US OFAC
 *   programmes; the US Syria programme ended on 1 July 2025 and the EU lifted its economic sanctions on Syria in
 *   May 2025, so Syria is not on the list).
 *
 * Checked on 2026-11-25; the FATF's October 2026 statement could not be read from where this was written, so check it
 * (and each later one) when deploying.
 *
 * Sanctioned regions that are not countries (Crimea and the so-called Donetsk and Luhansk People's Republics) have no
 * country code of their own; the card issuer screens addresses for them. Operators replace the list with the
 * RESTRICTED_COUNTRIES setting (docs/operations.md) when the sources change.
 */
export const DEFAULT_RESTRICTED_COUNTRIES: readonly string[] = ['CU', 'IR', 'KP', 'MM'];

export const RESTRICTED_COUNTRIES_SOURCE =
  'the FATF list of high-risk jurisdictions subject to a call for action, and countries under comprehensive sanctions';

/** The date of the latest source statement the default list was checked against (the FATF plenary of June 2026). */
export const RESTRICTED_COUNTRIES_AS_OF = '2026-06-19';

/** The FATF's own page for the list, linked from the restricted-countries page. */
export const FATF_CALL_FOR_ACTION_URL =
  'https://www.fatf-gafi.org/en/topics/high-risk-and-other-monitored-jurisdictions.html';
