const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** Prices are in cents (spec section 9); shown in dollars, without ".00" when whole. */
export function formatCents(cents: number): string {
  const value = cents / 100;
  return Number.isInteger(value) ? wholeDollars.format(value) : dollars.format(value);
}
