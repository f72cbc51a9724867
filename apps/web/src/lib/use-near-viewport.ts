import { useEffect, useRef, useState } from 'react';

/**
 * Whether an element has come within `margin` of the viewport; once it has, it stays true. For heavy parts
 * below the first screen (the dashboard's charts on a phone): they load and render when the user scrolls
 * towards them, not while the page is starting (issue 15). Where the browser has no IntersectionObserver,
 * the element counts as near at once.
 */
export function useNearViewport<T extends Element>(margin = '300px') {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return { ref, near };
}
