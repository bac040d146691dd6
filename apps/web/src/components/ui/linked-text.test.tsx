import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LinkedText } from './linked-text';

describe('LinkedText', () => {
  it('links http and https addresses as typed, leaving the sentence around them as text', () => {
    render(<LinkedText text="Forms at https://library.example.edu/exam-week. Or HTTP://Example.ORG" />);
    expect(
      screen.getByRole('link', { name: 'https://library.example.edu/exam-week (opens in a new tab)' }),
    ).toHaveAttribute('href', 'https://library.example.edu/exam-week');
    expect(
      screen.getByRole('link', { name: 'HTTP://Example.ORG (opens in a new tab)' }),
    ).toHaveAttribute('href', 'http://example.org/');
  });

  it('shows a host typed in another script as the browser will reach it', () => {
    // The first letter of the host is the Cyrillic а (U+0430), not the Latin a.
    render(<LinkedText text={'Sign in at https://\u0430pple.com/login today'} />);
    const link = screen.getByRole('link');
    expect(link).toHaveAttribute('href', 'https://xn--pple-43d.com/login');
    expect(link).toHaveTextContent('https://xn--pple-43d.com/login');
  });

  it('makes no link of an address with a user name before its host, and none of javascript: or data:', () => {
    render(
      <LinkedText text="Log in at https://trusted.iitbhilai.ac.in@evil.example/login or javascript:alert(1) or data:text/html,hi" />,
    );
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(
      screen.getByText(/https:\/\/trusted\.iitbhilai\.ac\.in@evil\.example\/login/),
    ).toBeInTheDocument();
  });
});
