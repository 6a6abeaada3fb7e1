import { useState } from 'react';

/**
 * Whether a trial ending at `endsAt` had ended when the component first showed it: the moment is
 * read once, so a render never changes it (a page reopened later reads it anew).
 */
export function useTrialEnded(endsAt: string | null | undefined): boolean {
  const [shownAt] = useState(Date.now);
  return endsAt !== null && endsAt !== undefined && Date.parse(endsAt) <= shownAt;
}
