/**
 * Where the default list of restricted countries comes from (docs/decisions/029-cardholder-verification.md). Nobody
 * living in one of these countries, or holding an identity document issued by one, can become a cardholder.
 *
 * - The FATF's "High-Risk Jurisdictions subject to a Call for Action" as of its plenary of October 2025: the
 *   Democratic People's Republic of Korea (KP), Iran (IR) and Myanmar (MM).
 * - Jurisdictions under comprehensive (country-wide) sanctions as of October 2025: Cuba (CU), Iran and North Korea
 *   (US OFAC programmes; the US Syria programme ended on 1 July 2025, so Syria is not on the list).
 *
 * Sanctioned regions that are not countries (Crimea and the so-called Donetsk and Luhansk People's Republics) have no
 * country code of their own; the card issuer screens addresses for them. Operators replace the list with the
 * RESTRICTED_COUNTRIES setting (docs/operations.md) when the sources change.
 */
export const DEFAULT_RESTRICTED_COUNTRIES: readonly string[] = ['CU', 'IR', 'KP', 'MM'];

export const RESTRICTED_COUNTRIES_SOURCE =
  'the FATF list of high-risk jurisdictions subject to a call for action, and countries under comprehensive sanctions';

/** When the default list was last checked against its sources. */
export const RESTRICTED_COUNTRIES_AS_OF = '2025-10-24';

/** The FATF's own page for the list, linked from the restricted-countries page. */
export const FATF_CALL_FOR_ACTION_URL =
  'https://www.fatf-gafi.org/en/topics/high-risk-and-other-monitored-jurisdictions.html';
