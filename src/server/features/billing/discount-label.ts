// How a discount is named to the customer: "20 % off", or "5.00 USD off".
export function formatDiscountLabel(
  percentOff: number | null,
  amountOff: number | null,
  currency: string | null,
): string {
  if (percentOff !== null) return `${percentOff} % off`;
  if (amountOff !== null)
    return `${(amountOff / 100).toFixed(2)} ${(currency ?? '').toUpperCase()} off`.replace(
      '  ',
      ' ',
    );
  return 'Discount';
}
