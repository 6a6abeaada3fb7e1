/**
 * The header's right-hand slot for Sign In, or the user's name, role and Sign Out (SPEC §2).
 * The accounts feature fills it; until visitors can sign in there is nothing to show.
 */
export function AccountArea() {
  return null;
}
