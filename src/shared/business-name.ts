/**
 * The one rule for a business's name (docs/product/services.md#business-profiles): business_name,
 * falling back to company_name, then the literal "Unknown Business". What is stored, and what
 * every e-mail, list and prompt says when it has no stored name to show.
 */
export function resolveBusinessName(input: {
  business_name?: string | null;
  company_name?: string | null;
}): string {
  const business = input.business_name?.trim();
  if (business) return business;
  const company = input.company_name?.trim();
  if (company) return company;
  return 'Unknown Business';
}
