import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element comes within `margin` of the viewport, and from then on. A phone opens a
 * robot's page far above its track record: the record, and the chart library with it, load only
 * when the reader scrolls towards them, not with the page.
 */
export function useNearViewport(element: RefObject<Element | null>, margin = '600px'): boolean {
  // Without IntersectionObserver (very old browsers), at once.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const target = element.current;
    if (near || !target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, margin, near]);
  return near;
}
