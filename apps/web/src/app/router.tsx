import { Suspense } from 'react';
import { matchPath, Route, Routes } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary';
import { PageLoader } from '../components/page-loader';
// The landing page is the first load of most visitors: it comes with the entry, not one round trip after it.
import { LandingPage } from '../features/landing/landing-page';
import { lazyPage } from '../lib/lazy-page';
import { ScrollToTop } from './scroll-to-top';

// Guards and layouts load on demand too, so the landing page does not download the session machinery.
const loadGuestArea = () => import('./routes/guest-area');
const GuestGuard = lazyPage(loadGuestArea, 'GuestGuard');
const loadAuthGuard = () => import('./guards/auth-guard');
const loadRoleLayout = () => import('./role-layout');
const AuthGuard = lazyPage(loadAuthGuard, 'AuthGuard');
const RoleLayout = lazyPage(loadRoleLayout, 'RoleLayout');

const loadAdminArea = () => import('./routes/admin-area');

const AboutPage = lazyPage(() => import('../features/info/about-page'), 'AboutPage');
const FaqPage = lazyPage(() => import('../features/info/faq-page'), 'FaqPage');
const SupportPage = lazyPage(() => import('../features/info/support-page'), 'SupportPage');
const TermsPage = lazyPage(() => import('../features/legal/terms-page'), 'TermsPage');
const PrivacyPage = lazyPage(() => import('../features/legal/privacy-page'), 'PrivacyPage');
const AuthRoute = lazyPage(loadGuestArea, 'AuthRoute');
const EmailVerifyRoute = lazyPage(loadGuestArea, 'EmailVerifyRoute');
const ForgotPasswordRoute = lazyPage(loadGuestArea, 'ForgotPasswordRoute');
const ResetPasswordRoute = lazyPage(loadGuestArea, 'ResetPasswordRoute');
const loadDashboard = () => import('./routes/dashboard-route');
const DashboardRoute = lazyPage(loadDashboard, 'DashboardRoute');
const AdminUsersRoute = lazyPage(loadAdminArea, 'AdminUsersRoute');
const AdminUserDetailRoute = lazyPage(loadAdminArea, 'AdminUserDetailRoute');
const AdminTransactionsRoute = lazyPage(loadAdminArea, 'AdminTransactionsRoute');
const AdminAuditRoute = lazyPage(loadAdminArea, 'AdminAuditRoute');
const AdminReviewsRoute = lazyPage(loadAdminArea, 'AdminReviewsRoute');
const AdminJobsRoute = lazyPage(loadAdminArea, 'AdminJobsRoute');
const loadReferralProgram = () => import('./routes/referral-program-route');
const ReferralProgramRoute = lazyPage(loadReferralProgram, 'ReferralProgramRoute');
const loadVerifyIdentity = () => import('./routes/verify-identity-route');
const VerifyIdentityRoute = lazyPage(loadVerifyIdentity, 'VerifyIdentityRoute');
const loadStatement = () => import('./routes/statement-route');
const StatementRoute = lazyPage(loadStatement, 'StatementRoute');
const RestrictedCountriesPage = lazyPage(
  () => import('../features/info/restricted-countries-page'),
  'RestrictedCountriesPage',
);
const loadCardDetails = () => import('./routes/card-details-route');
const CardDetailsRoute = lazyPage(loadCardDetails, 'CardDetailsRoute');
const loadProfileSettings = () => import('./routes/profile-settings-route');
const ProfileSettingsRoute = lazyPage(loadProfileSettings, 'ProfileSettingsRoute');
const DevOutboxRoute = lazyPage(() => import('./routes/dev-outbox-route'), 'DevOutboxRoute');
const SandboxCheckoutRoute = lazyPage(() => import('./routes/sandbox-checkout-route'), 'SandboxCheckoutRoute');
const NotFoundRoute = lazyPage(() => import('./routes/not-found-route'), 'NotFoundRoute');
const SandboxCardSimulatorRoute = lazyPage(
  () => import('./routes/sandbox-card-simulator-route'),
  'SandboxCardSimulatorRoute',
);

type SignedInPage = {
  pattern: string;
  load: () => Promise<unknown>;
  /** The `/api` reads the page shows first, from the address's parameters (each as its query function asks). */
  reads: (params: Record<string, string | undefined>) => string[];
};

const BELL = '/alerts/unread-count';
const cardReads = (id = '') => {
  const card = `/cards/${encodeURIComponent(id)}`;
  return [`${card}/public`, `${card}/transactions?page_no=1`, `${card}/controls`, '/cards', BELL];
};

/** The user's own signed-in pages: path → its page's code and first reads. */
const SIGNED_IN_PAGES: SignedInPage[] = [
  { pattern: '/dashboard', load: loadDashboard, reads: () => ['/cards', '/activity?page=1&pageSize=5', BELL] },
  { pattern: '/cards/:id', load: loadCardDetails, reads: ({ id }) => cardReads(id) },
  { pattern: '/profile-settings', load: loadProfileSettings, reads: () => [BELL] },
  { pattern: '/referral-program', load: loadReferralProgram, reads: () => [BELL] },
  { pattern: '/verify', load: loadVerifyIdentity, reads: () => [BELL] },
  { pattern: '/statement', load: loadStatement, reads: () => [BELL] },
];

/**
 * Starts downloading a signed-in page's code (guard, layout and page) before the first render, and returns the `/api`
 * reads the page shows first (the user's own included), for main.tsx to start at once. Rendering reaches the code
 * one piece after the other (the guard renders the layout, which renders the page) and each piece asks for its data
 * only once it runs, so each would otherwise wait for the one before it. main.tsx calls this only for a visitor who
 * may be signed in.
 */
export function preloadSignedInPage(pathname: string): string[] {
  for (const page of SIGNED_IN_PAGES) {
    const match = matchPath(page.pattern, pathname);
    if (!match) continue;
    for (const load of [loadAuthGuard, loadRoleLayout, page.load]) {
      // A failed download is retried and reported by the route's own lazy import, in its error boundary.
      load().catch(() => undefined);
    }
    return ['/user', ...page.reads(match.params)];
  }
  return ['/user'];
}

/** Every route (docs/product-rules.md, Screens and navigation), each page loaded on demand. */
export function AppRoutes() {
  return (
    <ErrorBoundary>
      <ScrollToTop />
      <Suspense fallback={<PageLoader fullScreen />}>
        <Routes>
          <Route path="/" element={<LandingPage />} />
          <Route path="/about" element={<AboutPage />} />
          <Route path="/faq" element={<FaqPage />} />
          <Route path="/support" element={<SupportPage />} />
          <Route path="/terms" element={<TermsPage />} />
          <Route path="/privacy" element={<PrivacyPage />} />
          <Route path="/restricted-countries" element={<RestrictedCountriesPage />} />
          <Route path="/dev/outbox" element={<DevOutboxRoute />} />
          <Route path="/sandbox/checkout/:uuid" element={<SandboxCheckoutRoute />} />
          <Route path="/sandbox/cards/:cardId" element={<SandboxCardSimulatorRoute />} />
          {/* Not guest-only: someone signed in to another account who opens a link is told so (decision 027). */}
          <Route path="/email/verify/:code" element={<EmailVerifyRoute />} />

          <Route element={<GuestGuard />}>
            <Route path="/login" element={<AuthRoute tab="login" />} />
            <Route path="/signup" element={<AuthRoute tab="signup" />} />
            <Route path="/password/forgot" element={<ForgotPasswordRoute />} />
            <Route path="/password/reset" element={<ResetPasswordRoute />} />
          </Route>

          <Route element={<AuthGuard roles={['admin', 'user']} shell />}>
            <Route element={<RoleLayout />}>
              <Route path="/dashboard" element={<DashboardRoute />} />
              <Route path="/profile-settings" element={<ProfileSettingsRoute />} />
              <Route element={<AuthGuard roles={['admin']} />}>
                <Route path="/users" element={<AdminUsersRoute />} />
                <Route path="/users/:id" element={<AdminUserDetailRoute />} />
                <Route path="/transactions" element={<AdminTransactionsRoute />} />
                <Route path="/audit" element={<AdminAuditRoute />} />
                <Route path="/reviews" element={<AdminReviewsRoute />} />
                <Route path="/jobs" element={<AdminJobsRoute />} />
              </Route>
              <Route element={<AuthGuard roles={['user']} />}>
                <Route path="/referral-program" element={<ReferralProgramRoute />} />
                <Route path="/statement" element={<StatementRoute />} />
                <Route path="/cards/:id" element={<CardDetailsRoute />} />
                <Route path="/verify" element={<VerifyIdentityRoute />} />
              </Route>
            </Route>
          </Route>

          <Route path="*" element={<NotFoundRoute />} />
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}
