import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ScrollToTop } from './scroll-to-top';

function Pages() {
  return (
    <>
      <ScrollToTop />
      <Link to="/faq">FAQ</Link>
      <Link to="/#features">Features</Link>
      <Routes>
        <Route path="*" element={null} />
      </Routes>
    </>
  );
}

describe('ScrollToTop', () => {
  it('starts a new page at the top, but leaves a URL with a hash to the page', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    renderWithProviders(<Pages />, { route: '/about' });
    scrollTo.mockClear();
    const user = userEvent.setup();

    await user.click(screen.getByRole('link', { name: 'FAQ' }));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);

    scrollTo.mockClear();
    await user.click(screen.getByRole('link', { name: 'Features' }));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
