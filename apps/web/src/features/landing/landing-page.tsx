import { PRODUCT_NAME } from '@coincard/shared';
import { Box } from '@mantine/core';
import { CtaSection } from './components/cta-section';
import { FeaturesSection } from './components/features-section';
import { HeroSection } from './components/hero-section';
import { HowItWorksSection } from './components/how-it-works-section';
import { PricingSection } from './components/pricing-section';
import { ReferralsSection } from './components/referrals-section';
import { SiteFooter } from './components/site-footer';
import { SiteHeader } from './components/site-header';
import { TestimonialsSection } from './components/testimonials-section';
import { useHashScroll } from './components/use-hash-scroll';

/** The public landing page at "/". */
export function LandingPage() {
  useHashScroll();
  return (
    <Box bg="var(--mantine-color-body)" mih="100dvh">
      <title>{`${PRODUCT_NAME}: spend crypto with a virtual USD card`}</title>
      <SiteHeader />
      <Box component="main" id="main-content">
        <HeroSection />
        <FeaturesSection />
        <HowItWorksSection />
        <ReferralsSection />
        <PricingSection />
        <TestimonialsSection />
        <CtaSection />
      </Box>
      <SiteFooter />
    </Box>
  );
}
