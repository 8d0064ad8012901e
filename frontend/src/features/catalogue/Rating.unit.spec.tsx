import './testing/dom-polyfills';
import { render, screen } from '@testing-library/react';
import { Rating } from './ProductCard';

describe('star rating', () => {
  it('is read out by screen readers as one labelled image', () => {
    render(<Rating rating={4.46} count={12} />);
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5 by 12 learners' })).toBeInTheDocument();
  });

  it('says a class without ratings is new', () => {
    render(<Rating rating={0} count={0} />);
    expect(screen.getByText('New')).toBeInTheDocument();
  });
});
