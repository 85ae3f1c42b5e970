/** Seed §7: business_name, falling back to company_name, then the literal "Unknown Business". */
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
